import type { Signer } from '../Signer.js'
import { request } from '../transport/request.js'
import type { MultiFactor } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type VerifyMfaParameters = { multiFactorId: string; multiFactorCode: string }

/**
 * Confirms a TOTP enrolment with a first code (`/v1/auth-verify-multi-factor`, marker
 * `verify_mfa`); from then on sign-in asks for a code.
 *
 * @example
 * const { multiFactors } = await verifyMfa(signer, { multiFactorId, multiFactorCode: '123456' })
 */
export async function verifyMfa(
  signer: Signer,
  { multiFactorId, multiFactorCode }: VerifyMfaParameters,
): Promise<{ multiFactors: MultiFactor[] }> {
  const stampedRequest = await stampMfaRequest(signer, 'verify_mfa')
  return request(signer, '/v1/auth-verify-multi-factor', { stampedRequest, multiFactorId, multiFactorCode })
}
