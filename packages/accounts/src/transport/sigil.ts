import { type HttpTransport, type HttpTransportConfig, http } from 'viem'
import { assertRpcUrl } from '../chains/getGatewayUrl.js'
import { getSigilRpcUrl } from '../chains/getSigilRpcUrl.js'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'
import { isSponsorshipRequest } from './isSponsorshipRequest.js'

/**
 * A signed-in user's session stamp of one request body (`X-Stamp` or `X-Stamp-Webauthn`), with the user's
 * organization id; undefined when nobody is signed in (the request goes unstamped).
 */
export type SigilSessionStamp = {
  stamp: { stampHeaderName: string; stampHeaderValue: string }
  organizationId: string
}

/** Stamps an exact request body as the signed-in user's session (`@sigil/signer`'s `stampGatewayRequest`). */
export type SigilSessionStamper = (body: string) => Promise<SigilSessionStamp | undefined>

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
  /**
   * The signed-in user's session: stamps the exact body of each sponsorship request
   * (`pm_getPaymasterStubData`, `pm_getPaymasterData`, `alchemy_requestGasAndPaymasterAndData`,
   * `alchemy_requestFeePayer`, alone or in a batch), sent as its stamp header plus
   * `X-Sigil-Organization`, so policies whose audience is `signed-in` sponsor the user. Other requests
   * go unstamped.
   */
  stamper?: SigilSessionStamper | undefined
}

/**
 * A viem HTTP transport to the Sigil RPC gateway of the client's chain. One URL serves node calls,
 * bundler calls (`eth_sendUserOperation`, …), `rundler_maxPriorityFeePerGas` and the sponsorship
 * methods; with a `stamper`, sponsorship requests carry the signed-in user's session stamp. Throws
 * `InvalidRpcUrlError` ('Invalid RPC URL') when neither `rpcUrl` nor the chain gives a valid URL, and
 * `ChainNotFoundError` when there is neither a URL nor a chain.
 *
 * @example
 * const client = createPublicClient({ chain: defineSigilChain({ chain: base, serverUrl }), transport: sigil() })
 */
export function sigil(config: SigilTransportConfig = {}): HttpTransport {
  const { rpcUrl, apiKey, jwt, stamper, fetchOptions, fetchFn, ...httpConfig } = config
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
      fetchFn: stamper ? stampSponsorships(stamper, fetchFn) : fetchFn,
      key: 'sigil',
      name: 'Sigil Transport',
      fetchOptions: { ...fetchOptions, headers },
    })(parameters)
  }) as HttpTransport
}

/** A fetch that adds the user's session stamp to sponsorship requests (their body is a string). */
function stampSponsorships(
  stamper: SigilSessionStamper,
  fetchFn: HttpTransportConfig['fetchFn'],
): NonNullable<HttpTransportConfig['fetchFn']> {
  const send: NonNullable<HttpTransportConfig['fetchFn']> = (input, init) =>
    (fetchFn ?? globalThis.fetch)(input, init)
  return async (input, init) => {
    const body = init?.body
    if (typeof body !== 'string' || !isSponsorshipRequest(body)) return send(input, init)
    const stamped = await stamper(body)
    if (!stamped) return send(input, init)
    const headers = new Headers(init?.headers)
    headers.set(stamped.stamp.stampHeaderName, stamped.stamp.stampHeaderValue)
    headers.set('X-Sigil-Organization', stamped.organizationId)
    return send(input, { ...init, headers })
  }
}
