import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, sealCredentialBundle, signerErrorCodes } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import type { Database } from '../../store/schema.js'
import { prepareApiKeys } from './prepareApiKeys.js'

export type SessionCredentialType =
  | 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_OAUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256'

export type PrepareSessionBundleParameters = {
  organizationId: string
  userId: string
  /** The client's key (uncompressed P-256 hex, the key frame's public key) the bundle is sealed to. */
  targetPublicKey: string
  /** Requested lifetime; default 900, clamped to the server's maximum. */
  expirationSeconds?: number | undefined
  credentialType: SessionCredentialType
  /** Time of the login (epoch ms). */
  now: number
}

export type PreparedSessionBundle = {
  credentialBundle: string
  apiKeyId: string
  expiresAt: number
  /** Registers the session key; run it with the API-key cache told (`ctx.apiKeyCache.writing`). */
  write: (trx: Transaction<Database>) => Promise<unknown>
}

/**
 * The CPU half of a login: mints a fresh P-256 session key and seals its private key to the client's
 * target key (a credential bundle), and answers the write that registers its public key on the user as
 * an expiring API key (lifetime clamped to `maxSessionSeconds`). The private key exists in memory only
 * for the duration of this call. `mintSessionBundle` commits it at once; the `create_read_write_session`
 * activity commits it with the activity row.
 *
 * @example
 * const { credentialBundle, write } = await prepareSessionBundle(ctx, { organizationId, userId, targetPublicKey, credentialType, now })
 */
export async function prepareSessionBundle(
  ctx: SigilContext,
  parameters: PrepareSessionBundleParameters,
): Promise<PreparedSessionBundle> {
  const expirationSeconds = Math.min(
    Math.max(1, Math.floor(parameters.expirationSeconds ?? 900)),
    ctx.config.maxSessionSeconds,
  )
  const privateKey = p256.utils.randomSecretKey()
  try {
    let credentialBundle: string
    try {
      credentialBundle = await sealCredentialBundle({
        privateKey,
        targetPublicKey: parameters.targetPublicKey,
      })
    } catch (cause) {
      throw new ApiError('INVALID_ARGUMENT', 'targetPublicKey is not a P-256 public key', {
        errorCode: signerErrorCodes.INVALID_TARGET_PUBLIC_KEY,
        cause,
      })
    }
    const { now } = parameters
    const { apiKeyIds, write } = prepareApiKeys({
      organizationId: parameters.organizationId,
      userId: parameters.userId,
      now,
      credentialType: parameters.credentialType,
      // A random key made above: no earlier row can hold it (the unique index would still refuse one).
      generatedNow: true,
      apiKeys: [
        {
          apiKeyName: `Session ${new Date(now).toISOString()}`,
          publicKey: bytesToHex(p256.getPublicKey(privateKey, true)),
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(expirationSeconds),
        },
      ],
    })
    return { credentialBundle, apiKeyId: apiKeyIds[0]!, expiresAt: now + expirationSeconds * 1000, write }
  } finally {
    privateKey.fill(0)
  }
}
