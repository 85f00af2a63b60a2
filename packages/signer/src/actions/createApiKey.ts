import type { ActivityResponse } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { requestPublicApi } from './requestPublicApi.js'

export type CreateApiKeyParameters = {
  /** The key's name (`apiKeyName`). */
  name: string
  /** The compressed P-256 public key, hex (the key a `createApiKeyStamper` stamps with). */
  publicKey: string
  /** How long the key lives, in seconds (a session's key expires no later than the session). */
  expirationSec: number
}

/**
 * Adds an API key to the signed-in user (Account Kit's `experimental_createApiKey`,
 * docs/account-kit.md#signer): a stamped `create_api_keys` activity (`ACTIVITY_TYPE_CREATE_API_KEYS`,
 * `{ apiKeys: [{ apiKeyName, publicKey, expirationSeconds }], userId }`). Throws `'User must be
 * authenticated to create api key'` without a user, and `'Failed to create api key'` unless the
 * activity completed (the server's refusal is the `cause`, with its `code`).
 *
 * @example
 * await createApiKey(signer, { name: 'backend', publicKey, expirationSec: 3600 })
 */
export async function createApiKey(
  client: SignerClient,
  { name, publicKey, expirationSec }: CreateApiKeyParameters,
): Promise<void> {
  const { user } = client.getState()
  if (!user) throw new SignerError('User must be authenticated to create api key')
  const body = {
    type: 'ACTIVITY_TYPE_CREATE_API_KEYS',
    timestampMs: String(Date.now()),
    organizationId: user.orgId,
    parameters: {
      apiKeys: [
        {
          apiKeyName: name,
          publicKey,
          // Sigil's key API asks every key's curve (docs/protocol.md#public-api); a session key is P-256.
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(expirationSec),
        },
      ],
      userId: user.userId,
    },
  }
  let status: string
  try {
    ;({
      activity: { status },
    } = await requestPublicApi<ActivityResponse>(client, 'submit/create_api_keys', body))
  } catch (cause) {
    throw new SignerError('Failed to create api key', { cause })
  }
  if (status !== 'ACTIVITY_STATUS_COMPLETED') throw new SignerError('Failed to create api key')
}
