import { type GetApiKeysResponse, parseApiKeyStamp } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { requestPublicApi } from './requestPublicApi.js'

/** How long a sign-out waits for the server to delete the session key before it goes on without. */
export const revokeSessionKeyTimeoutMs = 3_000

export type RevokeSessionKeyParameters = {
  /** Default {@link revokeSessionKeyTimeoutMs}. */
  timeoutMs?: number | undefined
}

/**
 * Deletes the signed-in session's own API key on the server (`delete_api_keys` stamped by that
 * key), so that the key is refused at once instead of at its expiry: what a sign-out does first.
 * Best effort: it answers `false` without throwing when there is nothing to revoke (no stored
 * session, an expired one, a passkey session, which has no key) or when the server cannot be
 * reached within `timeoutMs`; the caller signs out locally anyway. The key's id comes from
 * `get_api_keys`, matched on the public key of the request's own stamp.
 *
 * @example
 * await revokeSessionKey(signer) // true: the session key is gone on the server
 */
export async function revokeSessionKey(
  client: SignerClient,
  { timeoutMs = revokeSessionKeyTimeoutMs }: RevokeSessionKeyParameters = {},
): Promise<boolean> {
  const session = client.sessions.getSession()
  if (!session || session.type === 'passkey' || session.expirationDateMs <= Date.now()) return false
  if (client.current.stamper !== client.sessionStamper) return false
  const { orgId: organizationId, userId } = session.user
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve(false)
    }, timeoutMs)
  })
  const revoke = async () => {
    // The stamp of the look-up names the session key: its public key finds the key's id.
    const query = { organizationId, userId }
    const stamped = await client.stampRequest('query/get_api_keys', query)
    const publicKey = parseApiKeyStamp(stamped.stamp.stampHeaderValue).publicKey.toLowerCase()
    const { apiKeys } = await requestPublicApi<GetApiKeysResponse>(client, 'query/get_api_keys', query, {
      signal: controller.signal,
    })
    const own = apiKeys.find((apiKey) => apiKey.credential.publicKey.toLowerCase() === publicKey)
    if (!own) return false
    await requestPublicApi(
      client,
      'submit/delete_api_keys',
      {
        organizationId,
        type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
        timestampMs: String(Date.now()),
        parameters: { userId, apiKeyIds: [own.apiKeyId] },
      },
      { signal: controller.signal },
    )
    return true
  }
  try {
    return await Promise.race([revoke(), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
