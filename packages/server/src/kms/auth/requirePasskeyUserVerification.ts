import type { SigilContext } from '../../SigilContext.js'
import { authenticationErrors } from './authenticationErrors.js'
import { listVerifiedMultiFactors } from './listVerifiedMultiFactors.js'

/**
 * The MFA gate for a passkey, the one first factor that mints no session (it stamps each request
 * itself): a user with a verified second factor (TOTP or text-message codes) is served only by assertions that carry the
 * user-verified (UV) flag. A UV passkey is itself two factors (the device, and the PIN or biometric
 * that unlocked it); one without UV is the device alone, so it is refused (401
 * `PASSKEY_USER_VERIFICATION_REQUIRED`). Users without a factor are unaffected. Factors still waiting
 * for their first code do not count (`listVerifiedMultiFactors`).
 *
 * @example
 * await requirePasskeyUserVerification(ctx, { userId: row.user_id, userVerified: verification.authenticationInfo.userVerified })
 */
export async function requirePasskeyUserVerification(
  ctx: SigilContext,
  { userId, userVerified }: { userId: string; userVerified: boolean },
): Promise<void> {
  if (userVerified) return
  const factors = await listVerifiedMultiFactors(ctx, { userId })
  if (factors.length > 0) throw authenticationErrors.passkeyNotUserVerified()
}
