import { type HttpTransport, type HttpTransportConfig, http } from 'viem'
import { assertRpcUrl } from '../chains/getGatewayUrl.js'
import { getSigilRpcUrl } from '../chains/getSigilRpcUrl.js'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'

export type SigilTransportConfig = Pick<
  HttpTransportConfig,
  'retryCount' | 'retryDelay' | 'timeout' | 'fetchOptions' | 'fetchFn' | 'batch'
> & {
  /** The chain's gateway URL; default the chain's `rpcUrls.sigil.http[0]` (see `defineSigilChain`). */
  rpcUrl?: string | undefined
  /** An app key, sent in the path (`/rpc/<chainId>/<apiKey>`). */
  apiKey?: string | undefined
  /** A bearer token (app key or JWT), sent as `Authorization: Bearer …`. */
  jwt?: string | undefined
}

/**
 * A viem HTTP transport to the Sigil RPC gateway of the client's chain. One URL serves node calls,
 * bundler calls (`eth_sendUserOperation`, …), `rundler_maxPriorityFeePerGas` and the sponsorship
 * methods. Throws `InvalidRpcUrlError` ('Invalid RPC URL') when neither `rpcUrl` nor the chain gives a
 * valid URL, and `ChainNotFoundError` when there is neither a URL nor a chain.
 *
 * @example
 * const client = createPublicClient({ chain: defineSigilChain({ chain: base, serverUrl }), transport: sigil() })
 */
export function sigil(config: SigilTransportConfig = {}): HttpTransport {
  const { rpcUrl, apiKey, jwt, fetchOptions, ...httpConfig } = config
  return ((parameters) => {
    const { chain } = parameters
    let url: string
    if (rpcUrl !== undefined) url = assertRpcUrl(rpcUrl)
    else if (chain) url = getSigilRpcUrl(chain)
    else throw new ChainNotFoundError()
    if (apiKey) url = `${url.replace(/\/+$/, '')}/${encodeURIComponent(apiKey)}`
    const headers = new Headers(fetchOptions?.headers)
    if (jwt) headers.set('Authorization', `Bearer ${jwt}`)
    return http(url, {
      ...httpConfig,
      key: 'sigil',
      name: 'Sigil Transport',
      fetchOptions: { ...fetchOptions, headers },
    })(parameters)
  }) as HttpTransport
}
