import { SignerError } from '../errors/SignerError.js'
import type { Signer } from '../Signer.js'
import { request } from '../transport/request.js'
import { type MultiFactor, type MultiFactorEntry, signerStatus, type User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type SubmitOtpCodeParameters = { otpCode: string; multiFactors?: MultiFactorEntry[] | undefined }

export type SubmitOtpCodeReturnType =
  | { status: 'CONNECTED'; user: User }
  | { status: 'MFA_REQUIRED'; multiFactors: MultiFactor[] }

/**
 * Exchanges the emailed code for a session (`/v1/otp`), using the `orgId` of the temporary session
 * and the `otpId` of the state from the email step (`orgId not found in session`, `otpId not found
 * in session` without them). Emits `authenticating {type:'otpVerify'}`. On success the signer is
 * CONNECTED; when the user has a second factor the status becomes AWAITING_MFA_AUTH and
 * `validateMultiFactors` finishes the sign-in.
 *
 * @example
 * const result = await submitOtpCode(signer, { otpCode: '123456' })
 * if (result.status === 'MFA_REQUIRED') await validateMultiFactors(signer, { multiFactorCode })
 */
export async function submitOtpCode(
  signer: Signer,
  { otpCode, multiFactors }: SubmitOtpCodeParameters,
): Promise<SubmitOtpCodeReturnType> {
  const temporary = signer.sessions.getTemporarySession()
  const orgId = temporary?.orgId
  if (!orgId) throw new SignerError('orgId not found in session')
  const { otpId } = signer.getState()
  if (!otpId) throw new SignerError('otpId not found in session')
  signer.events.emit('authenticating', { type: 'otpVerify' })
  const targetPublicKey = await signer.sessionStamper.init()
  const answer = await request(signer, '/v1/otp', {
    orgId,
    otpId,
    otpCode,
    targetPublicKey,
    expirationSeconds: toExpirationSeconds(signer),
    multiFactors,
  })
  if (answer.credentialBundle) {
    const user = await completeAuthWithBundle(signer, {
      bundle: answer.credentialBundle,
      orgId,
      connectedEventName: 'connectedOtp',
      authenticatingType: 'otp',
    })
    signer.sessions.setTemporarySession({ orgId, isNewUser: false })
    return { status: 'CONNECTED', user }
  }
  const mfaFactorId = answer.multiFactors?.[0]?.multiFactorId
  if (answer.status === 'MFA_REQUIRED' && answer.encryptedPayload && mfaFactorId) {
    signer.sessions.setTemporarySession({
      ...temporary,
      encryptedPayload: answer.encryptedPayload,
      mfaFactorId,
    })
    signer.store.setState({
      status: signerStatus.AWAITING_MFA_AUTH,
      mfaStatus: { mfaRequired: true, mfaFactorId },
    })
    return { status: 'MFA_REQUIRED', multiFactors: answer.multiFactors! }
  }
  throw new SignerError('Failed to submit OTP code. Server did not return required fields.')
}
