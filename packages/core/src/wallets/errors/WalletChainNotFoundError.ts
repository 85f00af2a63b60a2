import { BaseError } from '@sigil/protocol'

export type WalletChainNotFoundErrorParameters = {
  chain: { id: number; name: string }
  cause?: unknown
}

/**
 * The wallet is on another chain and cannot switch to (or add) the configured one. The message
 * holds 'ChainId not found', which the sign-in UI maps to 'The connected wallet does not support this
 * network' (docs/sign-in-ui.md).
 *
 * @example
 * await connectAsync({ connector }) // WalletChainNotFoundError: ChainId not found
 */
export class WalletChainNotFoundError extends BaseError {
  override name = 'WalletChainNotFoundError' as const
  readonly chainId: number

  constructor({ chain, cause }: WalletChainNotFoundErrorParameters) {
    super('ChainId not found', {
      cause,
      details: `The wallet cannot switch to ${chain.name} (chain id ${chain.id}).`,
    })
    this.chainId = chain.id
  }
}
