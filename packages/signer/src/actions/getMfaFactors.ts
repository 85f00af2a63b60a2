import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import type { MultiFactor } from '../types.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type GetMfaFactorsReturnType = { multiFactors: MultiFactor[] }

/**
 * Lists the signed-in user's second factors (`/v1/auth-list-multi-factors`, marker `list_mfas`).
 *
 * @example
 * const { multiFactors } = await getMfaFactors(signer)
 */
export async function getMfaFactors(client: SignerClient): Promise<GetMfaFactorsReturnType> {
  const stampedRequest = await stampMfaRequest(client, 'list_mfas')
  return request(client, '/v1/auth-list-multi-factors', { stampedRequest })
}
