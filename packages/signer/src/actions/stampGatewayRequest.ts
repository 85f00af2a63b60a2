import type { SignerClient } from '../client/SignerClient.js'
import type { Stamp } from '../stampers/Stamper.js'

/** A gateway request's session stamp: the stamp header of the body and the user's organization id. */
export type GatewayStamp = { stamp: Stamp; organizationId: string }

/**
 * Stamps the exact body of a request to the Sigil RPC gateway as the signed-in user's session (the
 * signer's current stamper: the session key, or a passkey after a passkey login), so `signed-in`
 * sponsorship policies admit it and count the user. The gateway takes the stamp header with
 * `X-Sigil-Organization: <organizationId>`. Answers undefined when nobody is signed in.
 *
 * @example
 * const stamped = await stampGatewayRequest(signer, body)
 * if (stamped) headers.set(stamped.stamp.stampHeaderName, stamped.stamp.stampHeaderValue)
 */
export async function stampGatewayRequest(
  client: Pick<SignerClient, 'getState' | 'current'>,
  body: string,
): Promise<GatewayStamp | undefined> {
  const { user } = client.getState()
  if (!user) return undefined
  return { stamp: await client.current.stamper.stamp(body), organizationId: user.orgId }
}
