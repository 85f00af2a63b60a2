import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import type { User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'

export type ValidateMultiFactorsParameters =
  | {
      multiFactorCode: string
      /**
       * The factor the code is for: one the pending sign-in listed (`mfaStatus.multiFactors`);
       * default the first one.
       */
      multiFactorId?: string | undefined
      recoveryCode?: undefined
    }
  | {
      /** One of the user's single-use recovery codes instead of a TOTP code (`ABCDE-FGHJK`). */
      recoveryCode: string
      multiFactorCode?: undefined
      multiFactorId?: undefined
    }

/**
 * Finishes a sign-in that `submitOtpCode` left AWAITING_MFA_AUTH: sends the TOTP code with the
 * pending `encryptedPayload` to `/v1/auth-validate-multi-factors` and completes with the bundle. For a
 * text-message (`sms`) factor, `sendMfaCode` texts the code first.
 * Instead of the code, `recoveryCode` sends one of the user's recovery codes, which the server
 * then uses up (docs/protocol.md, "Recovery codes"); a wrong or used one is `Invalid MFA code`.
 * Errors: `No pending MFA context found. Call submitOtpCode() first.`, `MFA factor ID mismatch`,
 * `Request to validateMultiFactors did not return a credential bundle`; a wrong code keeps the
 * status, so the user can try again.
 *
 * @example
 * const user = await validateMultiFactors(signer, { multiFactorCode: '123456' })
 * const viaRecovery = await validateMultiFactors(signer, { recoveryCode: 'ABCDE-FGHJK' })
 */
export async function validateMultiFactors(
  client: SignerClient,
  parameters: ValidateMultiFactorsParameters,
): Promise<User> {
  const temporary = client.sessions.getTemporarySession()
  if (!temporary?.orgId || !temporary.encryptedPayload || !temporary.mfaFactorId)
    throw new SignerError('No pending MFA context found. Call submitOtpCode() first.')
  const { multiFactorCode, multiFactorId, recoveryCode } = parameters
  const listed = temporary.mfaFactors?.map((factor) => factor.multiFactorId) ?? [temporary.mfaFactorId]
  if (multiFactorId && !listed.includes(multiFactorId)) throw new SignerError('MFA factor ID mismatch')
  const answer = await request(client, '/v1/auth-validate-multi-factors', {
    encryptedPayload: temporary.encryptedPayload,
    multiFactors:
      recoveryCode !== undefined
        ? [{ recoveryCode }]
        : [{ multiFactorId: multiFactorId ?? temporary.mfaFactorId, multiFactorCode }],
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
