import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, sealCredentialBundle, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../http/errors/ApiError.js'
import { prepareApiKeys } from '../kms/credentials/prepareApiKeys.js'
import type { SigilContext } from '../SigilContext.js'

export type SessionCredentialType =
  | 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_OAUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256'

export type MintSessionBundleParameters = {
  organizationId: string
  userId: string
  /** The client's key (uncompressed P-256 hex, the key frame's public key) the bundle is sealed to. */
  targetPublicKey: string
  /** Requested lifetime; default 900, clamped to the server's maximum. */
  expirationSeconds?: number | undefined
  credentialType: SessionCredentialType
}

/**
 * A login: mints a fresh P-256 session key, registers it on the user as an expiring API key, and
 * returns its private key HPKE-sealed to the client's target key (a credential bundle). The private
 * key exists in memory only for the duration of this call.
 *
 * @example
 * const { credentialBundle } = await mintSessionBundle(ctx, { organizationId, userId, targetPublicKey, credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256' })
 */
export async function mintSessionBundle(
  ctx: SigilContext,
  parameters: MintSessionBundleParameters,
): Promise<{ credentialBundle: string; apiKeyId: string; expiresAt: number }> {
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
    const now = ctx.now()
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
    // Evicts the user's oldest session keys: the API-key cache must forget them.
    await ctx.apiKeyCache.writing(() => ctx.batcher.run(write))
    return { credentialBundle, apiKeyId: apiKeyIds[0]!, expiresAt: now + expirationSeconds * 1000 }
  } finally {
    privateKey.fill(0)
  }
}
