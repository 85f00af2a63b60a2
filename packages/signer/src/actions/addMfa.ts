import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { request } from '../transport/request.js'
import type { MultiFactorProof } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type AddMfaParameters = {
  multiFactorType: 'totp'
  /**
   * The current code of the user's verified factor, when there is one: the new factor then
   * replaces it once `verifyMfa` checks the new factor's first code.
   */
  multiFactors?: MultiFactorProof[] | undefined
}
export type AddMfaReturnType = { multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }

/**
 * Starts a TOTP enrolment (`/v1/auth-request-multi-factor`, marker `add_mfa`): show
 * `multiFactorTotpUrl` as a QR code, then confirm a first code with `verifyMfa`. Only `'totp'` is
 * supported (`Unsupported MFA factor type: <t>` otherwise). While the user has a verified factor
 * the server wants its current code in `multiFactors` (`MfaRequiredError` without it).
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await addMfa(signer, { multiFactorType: 'totp' })
 */
export async function addMfa(
  client: SignerClient,
  { multiFactorType, multiFactors }: AddMfaParameters,
): Promise<AddMfaReturnType> {
  if (multiFactorType !== 'totp') throw new SignerError(`Unsupported MFA factor type: ${multiFactorType}`)
  const stampedRequest = await stampMfaRequest(client, 'add_mfa')
  return request(client, '/v1/auth-request-multi-factor', {
    stampedRequest,
    multiFactorType,
    ...(multiFactors ? { multiFactors } : {}),
  })
}
