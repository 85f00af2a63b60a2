import type { Signer } from '../Signer.js'
import { request } from '../transport/request.js'
import type { MultiFactor } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type RemoveMfaParameters = { multiFactorIds: string[] }

/**
 * Deletes second factors (`/v1/auth-delete-multi-factors`, marker `delete_mfas`).
 *
 * @example
 * const { multiFactors } = await removeMfa(signer, { multiFactorIds: [multiFactorId] })
 */
export async function removeMfa(
  signer: Signer,
  { multiFactorIds }: RemoveMfaParameters,
): Promise<{ multiFactors: MultiFactor[] }> {
  const stampedRequest = await stampMfaRequest(signer, 'delete_mfas')
  return request(signer, '/v1/auth-delete-multi-factors', { stampedRequest, multiFactorIds })
}
