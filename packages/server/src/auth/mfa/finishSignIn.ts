import type { MultiFactorProof, OtpResponse } from '@sigil/protocol'
import { listVerifiedMultiFactors } from '../../kms/auth/listVerifiedMultiFactors.js'
import type { SigilContext } from '../../SigilContext.js'
import { mintSessionBundle, type SessionCredentialType } from '../../users/mintSessionBundle.js'
import type { MfaTokenPayload } from './MfaTokenPayload.js'
import { requireMultiFactors } from './requireMultiFactors.js'
import { sealMfaToken } from './sealMfaToken.js'

export type FinishSignInParameters = {
  /** TOTP codes (or one recovery code) that came along with the first factor (`/v1/otp`'s `multiFactors`). */
  multiFactors?: MultiFactorProof[] | undefined
  /** The client's IP, for the per-IP limit on code checks. */
  ip?: string | undefined
}

/** `/v1/otp`'s answer (`OtpResponse` of `@sigil/protocol`), which OAuth's callback delivers too. */
export type FinishSignInReturnType = OtpResponse

/**
 * The MFA gate after a first factor (email code, OAuth): mints the session when the user has no
 * verified factor or sent right codes along (`requireMultiFactors`); otherwise mints nothing and
 * answers `MFA_REQUIRED` with an MFA token (`encryptedPayload`, 5 minutes, sealed to the same
 * client key) that `/v1/auth-validate-multi-factors` exchanges with a TOTP code for the session.
 *
 * @example
 * const result = await finishSignIn(ctx, { organizationId, userId, targetPublicKey, credentialType: 'CREDENTIAL_TYPE_OAUTH_KEY_P256' })
 * if (result.status === 'MFA_REQUIRED') // deliver result.encryptedPayload and result.multiFactors
 */
export async function finishSignIn(
  ctx: SigilContext,
  login: MfaTokenPayload & { credentialType: SessionCredentialType },
  { multiFactors, ip }: FinishSignInParameters = {},
): Promise<FinishSignInReturnType> {
  if (multiFactors?.length) await requireMultiFactors(ctx, { userId: login.userId, multiFactors, ip })
  else {
    const factors = await listVerifiedMultiFactors(ctx, { userId: login.userId })
    if (factors.length > 0)
      return { status: 'MFA_REQUIRED', encryptedPayload: sealMfaToken(ctx, login), multiFactors: factors }
  }
  const { credentialBundle } = await mintSessionBundle(ctx, login)
  return { status: 'SUCCESS', credentialBundle }
}
