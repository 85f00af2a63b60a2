import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import type { MultiFactorProof } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type AddMfaParameters = {
  /** `totp` (an authenticator app) or `sms` (codes texted to the user's proven phone number). */
  multiFactorType: 'totp' | 'sms'
  /**
   * The current code of the user's verified factor, when there is one: the new factor then
   * replaces the one of its type once `verifyMfa` checks the new factor's first code.
   */
  multiFactors?: MultiFactorProof[] | undefined
}
export type AddMfaReturnType =
  | { multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }
  /** A first code was texted to the user's proven number: confirm it with `verifyMfa`. */
  | { multiFactorType: 'sms'; multiFactorId: string }

/**
 * Starts an enrolment (`/v1/auth-request-multi-factor`, marker `add_mfa`). `totp`: show
 * `multiFactorTotpUrl` as a QR code, then confirm a first code with `verifyMfa`. `sms` (Sigil's
 * extension, docs/protocol.md "Text-message codes"): the server texts a code to the user's proven
 * phone number (`PHONE_REQUIRED` without one); confirm it with `verifyMfa` (`sendMfaCode` texts a new
 * one). Other types: `Unsupported MFA factor type: <t>`. While the user has a verified factor the
 * server wants its current code in `multiFactors` (`MfaRequiredError` without it).
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await addMfa(signer, { multiFactorType: 'totp' })
 * const texted = await addMfa(signer, { multiFactorType: 'sms' })
 */
export async function addMfa<parameters extends AddMfaParameters>(
  client: SignerClient,
  { multiFactorType, multiFactors }: parameters,
): Promise<Extract<AddMfaReturnType, { multiFactorType: parameters['multiFactorType'] }>> {
  if (multiFactorType !== 'totp' && multiFactorType !== 'sms')
    throw new SignerError(`Unsupported MFA factor type: ${multiFactorType}`)
  const stampedRequest = await stampMfaRequest(client, 'add_mfa')
  const answer = await request(client, '/v1/auth-request-multi-factor', {
    stampedRequest,
    multiFactorType,
    ...(multiFactors ? { multiFactors } : {}),
  })
  return answer as Extract<AddMfaReturnType, { multiFactorType: parameters['multiFactorType'] }>
}
