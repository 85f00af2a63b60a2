import type { SignerClient } from '../client/SignerClient.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { version } from '../version.js'

/**
 * Calls the key API directly, as Account Kit's Turnkey client does (docs/protocol.md#public-api): stamps
 * `body` with the signer's current stamper and POSTs it to `${rpcUrl}/public/v1/${path}` with the
 * stamp header (`X-Stamp` or `X-Stamp-Webauthn`) and `X-Client-Version`. A non-OK answer throws
 * `SignerRequestError` whose message is the response text. Answers the parsed JSON. `signal` aborts
 * the request.
 *
 * @example
 * const { authenticators } = await requestPublicApi<GetAuthenticatorsResponse>(signer, 'query/get_authenticators', { organizationId, userId })
 */
export async function requestPublicApi<TResponse>(
  client: Pick<SignerClient, 'fetch' | 'stampRequest'>,
  path: string,
  body: Record<string, unknown>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<TResponse> {
  const stamped = await client.stampRequest(path, body)
  const response = await client.fetch(stamped.url, {
    method: 'POST',
    signal: options.signal,
    headers: {
      'Content-Type': 'application/json',
      [stamped.stamp.stampHeaderName]: stamped.stamp.stampHeaderValue,
      'X-Client-Version': `@sigil/signer@${version}`,
    },
    body: stamped.body,
  })
  if (!response.ok)
    throw new SignerRequestError(await response.text(), {
      status: response.status,
      route: `/public/v1/${path}`,
    })
  return (await response.json()) as TResponse
}
