import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import type { User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'

export type ValidateMultiFactorsParameters = {
  multiFactorCode: string
  /** Must match the pending factor when given. */
  multiFactorId?: string | undefined
}

/**
 * Finishes a sign-in that `submitOtpCode` left AWAITING_MFA_AUTH: sends the TOTP code with the
 * pending `encryptedPayload` to `/v1/auth-validate-multi-factors` and completes with the bundle.
 * Errors: `No pending MFA context found. Call submitOtpCode() first.`, `MFA factor ID mismatch`,
 * `Request to validateMultiFactors did not return a credential bundle`; a wrong code keeps the
 * status, so the user can try again.
 *
 * @example
 * const user = await validateMultiFactors(signer, { multiFactorCode: '123456' })
 */
export async function validateMultiFactors(
  client: SignerClient,
  { multiFactorCode, multiFactorId }: ValidateMultiFactorsParameters,
): Promise<User> {
  const temporary = client.sessions.getTemporarySession()
  if (!temporary?.orgId || !temporary.encryptedPayload || !temporary.mfaFactorId)
    throw new SignerError('No pending MFA context found. Call submitOtpCode() first.')
  if (multiFactorId && multiFactorId !== temporary.mfaFactorId)
    throw new SignerError('MFA factor ID mismatch')
  const answer = await request(client, '/v1/auth-validate-multi-factors', {
    encryptedPayload: temporary.encryptedPayload,
    multiFactors: [{ multiFactorId: temporary.mfaFactorId, multiFactorCode }],
  })
  const bundle = answer.payload?.credentialBundle
  if (!bundle) throw new SignerError('Request to validateMultiFactors did not return a credential bundle')
  const user = await completeAuthWithBundle(client, {
    bundle,
    orgId: temporary.orgId,
    connectedEventName: 'connectedOtp',
    authenticatingType: 'otp',
  })
  client.sessions.setTemporarySession({ orgId: temporary.orgId, isNewUser: temporary.isNewUser })
  client.store.setState({ mfaStatus: { mfaRequired: false } })
  return user
}
