import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type GetRecoveryCodeCountReturnType = { unusedRecoveryCodes: number }

/**
 * How many of the signed-in user's recovery codes are unused (`/v1/auth-list-recovery-codes`,
 * marker `list_recovery_codes`, Sigil's extension; docs/protocol.md, "Recovery codes").
 *
 * @example
 * const { unusedRecoveryCodes } = await getRecoveryCodeCount(signer)
 */
export async function getRecoveryCodeCount(client: SignerClient): Promise<GetRecoveryCodeCountReturnType> {
  const stampedRequest = await stampMfaRequest(client, 'list_recovery_codes')
  return request(client, '/v1/auth-list-recovery-codes', { stampedRequest })
}
