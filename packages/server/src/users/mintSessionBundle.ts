import {
  type PrepareSessionBundleParameters,
  prepareSessionBundle,
} from '../kms/credentials/prepareSessionBundle.js'
import type { SigilContext } from '../SigilContext.js'

export type { SessionCredentialType } from '../kms/credentials/prepareSessionBundle.js'

export type MintSessionBundleParameters = Omit<PrepareSessionBundleParameters, 'now'>

/**
 * A login: mints a fresh P-256 session key, registers it on the user as an expiring API key, and
 * returns its private key HPKE-sealed to the client's target key (a credential bundle).
 *
 * @example
 * const { credentialBundle } = await mintSessionBundle(ctx, { organizationId, userId, targetPublicKey, credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256' })
 */
export async function mintSessionBundle(
  ctx: SigilContext,
  parameters: MintSessionBundleParameters,
): Promise<{ credentialBundle: string; apiKeyId: string; expiresAt: number }> {
  const { write, ...minted } = await prepareSessionBundle(ctx, { ...parameters, now: ctx.now() })
  // Evicts the user's oldest session keys: the API-key cache must forget them.
  await ctx.apiKeyCache.writing(() => ctx.batcher.run(write))
  return minted
}
