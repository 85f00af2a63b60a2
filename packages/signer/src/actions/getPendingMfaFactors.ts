import type { SignerClient } from '../client/SignerClient.js'
import type { MultiFactor } from '../types.js'

/**
 * The factors a sign-in waiting for its second factor (AWAITING_MFA_AUTH) takes a code of, as the
 * server listed them (`MFA_REQUIRED`'s `multiFactors`): a `totp` factor asks for the authenticator
 * app's code, an `sms` factor for a texted one (`sendMfaCode` first). Empty when no sign-in waits.
 *
 * @example
 * const texted = getPendingMfaFactors(signer).find((factor) => factor.multiFactorType === 'sms')
 * if (texted) await sendMfaCode(signer, { multiFactorId: texted.multiFactorId })
 */
export function getPendingMfaFactors(client: SignerClient): MultiFactor[] {
  const temporary = client.sessions.getTemporarySession()
  if (!temporary?.encryptedPayload) return []
  if (temporary.mfaFactors) return temporary.mfaFactors
  // A pending sign-in parked by an earlier version named only its first factor.
  return temporary.mfaFactorId ? [{ multiFactorId: temporary.mfaFactorId, multiFactorType: 'totp' }] : []
}
