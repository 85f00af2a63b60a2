import type { MultiFactorProof, UpdateUserEmailRequest, UpdateUserPhoneNumberRequest } from '@sigil/protocol'
import { decodeJwt } from 'jose'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'

export type UpdateContactParameters = {
  kind: 'email' | 'phone'
  /** The code of `sendVerificationCode`; absent: remove the email or phone. */
  verificationCode?: string | undefined
  /** The current code of a verified second factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Sets (with the code `sendVerificationCode` sent) or removes the signed-in user's email or phone
 * number: trades the code for a verification token (`/v1/verify-otp`), then sends a session-stamped
 * `ACTIVITY_TYPE_UPDATE_USER_EMAIL` / `_PHONE_NUMBER` (`/v1/update-email-auth`,
 * `/v1/update-phone-auth`), and updates the user in the state. Answers the new value ('' when removed).
 *
 * @example
 * await sendVerificationCode(signer, { type: 'sms', contact: '+14155550123' })
 * await updateContact(signer, { kind: 'phone', verificationCode: '123456' })
 */
export async function updateContact(
  client: SignerClient,
  parameters: UpdateContactParameters,
): Promise<string> {
  const user = requireUser(client)
  let contact = ''
  let verificationToken: string | undefined
  if (parameters.verificationCode !== undefined) {
    const { otpId } = client.getState()
    if (!otpId) throw new SignerError('Missing OTP ID')
    ;({ verificationToken } = await request(client, '/v1/verify-otp', {
      otpId,
      otpCode: parameters.verificationCode,
    }))
    contact = String(decodeJwt(verificationToken).contact ?? '')
  }
  const envelope = { timestampMs: String(Date.now()), organizationId: user.orgId }
  const body: UpdateUserEmailRequest | UpdateUserPhoneNumberRequest =
    parameters.kind === 'email'
      ? {
          type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
          ...envelope,
          parameters: { userId: user.userId, userEmail: contact, verificationToken },
        }
      : {
          type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
          ...envelope,
          parameters: { userId: user.userId, userPhoneNumber: contact, verificationToken },
        }
  const path = parameters.kind === 'email' ? 'submit/update_user_email' : 'submit/update_user_phone_number'
  const stampedRequest = await client.stampRequest(path, JSON.parse(JSON.stringify(body)))
  const extras = parameters.multiFactors ? { multiFactors: parameters.multiFactors } : {}
  if (parameters.kind === 'email')
    await request(client, '/v1/update-email-auth', { stampedRequest, ...extras })
  else await request(client, '/v1/update-phone-auth', { stampedRequest, ...extras })
  const { [parameters.kind]: _, ...rest } = requireUser(client)
  client.store.setState({ user: contact ? { ...rest, [parameters.kind]: contact } : rest })
  return contact
}
