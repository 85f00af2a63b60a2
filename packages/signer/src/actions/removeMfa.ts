import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import type { MultiFactor, MultiFactorProof } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type RemoveMfaParameters = {
  multiFactorIds: string[]
  /** The current code of a verified factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Deletes second factors (`/v1/auth-delete-multi-factors`, marker `delete_mfas`). While the user
 * has a verified factor the server wants its current code: without `multiFactors` this throws
 * `MfaRequiredError` (its `multiFactors` name the factor to ask a code for).
 *
 * @example
 * const { multiFactors } = await removeMfa(signer, {
 *   multiFactorIds: [multiFactorId],
 *   multiFactors: [{ multiFactorId, multiFactorCode: '123456' }],
 * })
 */
export async function removeMfa(
  client: SignerClient,
  { multiFactorIds, multiFactors }: RemoveMfaParameters,
): Promise<{ multiFactors: MultiFactor[] }> {
  const stampedRequest = await stampMfaRequest(client, 'delete_mfas')
  return request(client, '/v1/auth-delete-multi-factors', {
    stampedRequest,
    multiFactorIds,
    ...(multiFactors ? { multiFactors } : {}),
  })
}
