import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import { signerStatus } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type SendMfaCodeParameters = {
  /**
   * The text-message (`sms`) factor. During a sign-in waiting for its second factor, default the
   * pending factor; when signed in, required.
   */
  multiFactorId?: string | undefined
}

/**
 * Texts a code for a text-message (`sms`) factor to its number (`/v1/auth-send-multi-factor-code`,
 * Sigil's extension; docs/protocol.md, "Text-message codes"). During a sign-in that is
 * AWAITING_MFA_AUTH it is the pending login's code: pass it to `validateMultiFactors`. When signed in
 * it is a code for an MFA-gated change (`multiFactors: [{ multiFactorId, multiFactorCode }]` of
 * `removeMfa`, `setPhoneNumber`, `deleteAccount`, …), or, for a factor `addMfa` just started, a new
 * first code for `verifyMfa`. The server limits texts per number and per IP as for SMS sign-in.
 * Errors: `sendMfaCode needs the multiFactorId of a text-message factor`.
 *
 * @example
 * await sendMfaCode(signer) // the pending sign-in's factor
 * await validateMultiFactors(signer, { multiFactorCode: '123456' })
 */
export async function sendMfaCode(
  client: SignerClient,
  parameters: SendMfaCodeParameters = {},
): Promise<void> {
  const temporary = client.sessions.getTemporarySession()
  if (client.getState().status === signerStatus.AWAITING_MFA_AUTH && temporary?.encryptedPayload) {
    const multiFactorId = parameters.multiFactorId ?? pendingSmsFactor(temporary) ?? temporary.mfaFactorId
    if (!multiFactorId) throw new SignerError('sendMfaCode needs the multiFactorId of a text-message factor')
    await request(client, '/v1/auth-send-multi-factor-code', {
      encryptedPayload: temporary.encryptedPayload,
      multiFactorId,
    })
    return
  }
  if (!parameters.multiFactorId)
    throw new SignerError('sendMfaCode needs the multiFactorId of a text-message factor')
  const stampedRequest = await stampMfaRequest(client, 'send_mfa_code')
  await request(client, '/v1/auth-send-multi-factor-code', {
    stampedRequest,
    multiFactorId: parameters.multiFactorId,
  })
}

const pendingSmsFactor = (temporary: {
  mfaFactors?: { multiFactorId: string; multiFactorType: string }[] | undefined
}) => temporary.mfaFactors?.find((factor) => factor.multiFactorType === 'sms')?.multiFactorId
