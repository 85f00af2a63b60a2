import { BaseError } from '@sigil/protocol'

/**
 * The chain carries no Sigil gateway URL (`chain.rpcUrls.sigil.http[0]`, see `defineSigilChain`), or
 * the URL given is not a valid URL.
 *
 * @example
 * createSmartAccountClient({ account, chain: mainnet }) // InvalidRpcUrlError: Invalid RPC URL
 */
export class InvalidRpcUrlError extends BaseError {
  override name = 'InvalidRpcUrlError' as const

  constructor(parameters: { rpcUrl?: string | undefined; cause?: unknown } = {}) {
    super('Invalid RPC URL', {
      cause: parameters.cause,
      details: parameters.rpcUrl === undefined ? 'no gateway URL on the chain' : `url: ${parameters.rpcUrl}`,
    })
  }
}
