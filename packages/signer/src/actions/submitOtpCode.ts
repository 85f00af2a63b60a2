import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import { type MultiFactor, type MultiFactorProof, signerStatus, type User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type SubmitOtpCodeParameters = { otpCode: string; multiFactors?: MultiFactorProof[] | undefined }

export type SubmitOtpCodeReturnType =
  | { status: 'CONNECTED'; user: User }
  | { status: 'MFA_REQUIRED'; multiFactors: MultiFactor[]; encryptedPayload: string }

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
  client: SignerClient,
  { otpCode, multiFactors }: SubmitOtpCodeParameters,
): Promise<SubmitOtpCodeReturnType> {
  const temporary = client.sessions.getTemporarySession()
  const orgId = temporary?.orgId
  if (!orgId) throw new SignerError('orgId not found in session')
  const { otpId } = client.getState()
  if (!otpId) throw new SignerError('otpId not found in session')
  client.events.emit('authenticating', { type: 'otpVerify' })
  const targetPublicKey = await client.sessionStamper.init()
  const answer = await request(client, '/v1/otp', {
    orgId,
    otpId,
    otpCode,
    targetPublicKey,
    expirationSeconds: toExpirationSeconds(client),
    multiFactors,
  })
  if ('credentialBundle' in answer && answer.credentialBundle) {
    const user = await completeAuthWithBundle(client, {
      bundle: answer.credentialBundle,
      orgId,
      connectedEventName: 'connectedOtp',
      authenticatingType: 'otp',
    })
    client.sessions.setTemporarySession({ orgId, isNewUser: false })
    return { status: 'CONNECTED', user }
  }
  const first = 'multiFactors' in answer ? answer.multiFactors?.[0] : undefined
  if (answer.status === 'MFA_REQUIRED' && answer.encryptedPayload && first) {
    const mfaFactors = answer.multiFactors.map(({ multiFactorId, multiFactorType }) => ({
      multiFactorId,
      multiFactorType,
    }))
    client.sessions.setTemporarySession({
      ...temporary,
      encryptedPayload: answer.encryptedPayload,
      mfaFactorId: first.multiFactorId,
      mfaFactors,
    })
    client.store.setState({
      status: signerStatus.AWAITING_MFA_AUTH,
      mfaStatus: { mfaRequired: true, mfaFactorId: first.multiFactorId },
    })
    return {
      status: 'MFA_REQUIRED',
      multiFactors: answer.multiFactors,
      encryptedPayload: answer.encryptedPayload,
    }
  }
  throw new SignerError('Failed to submit OTP code. Server did not return required fields.')
}
