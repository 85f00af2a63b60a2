import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import type { MultiFactor } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type VerifyMfaParameters = { multiFactorId: string; multiFactorCode: string }

/**
 * Confirms a TOTP enrolment with a first code (`/v1/auth-verify-multi-factor`, marker
 * `verify_mfa`); from then on sign-in asks for a code. For the user's first factor the answer
 * also carries the 10 single-use `recoveryCodes`: show them now, the server never shows them again
 * (docs/protocol.md, "Recovery codes").
 *
 * @example
 * const { multiFactors } = await verifyMfa(signer, { multiFactorId, multiFactorCode: '123456' })
 */
export async function verifyMfa(
  client: SignerClient,
  { multiFactorId, multiFactorCode }: VerifyMfaParameters,
): Promise<{ multiFactors: MultiFactor[]; recoveryCodes?: string[] | undefined }> {
  const stampedRequest = await stampMfaRequest(client, 'verify_mfa')
  return request(client, '/v1/auth-verify-multi-factor', { stampedRequest, multiFactorId, multiFactorCode })
}
