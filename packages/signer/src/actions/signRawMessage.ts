import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { toSignRawPayloadBody } from '../stamp/toSignRawPayloadBody.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'

export type SignRawMessageParameters = {
  /** The 0x hex digest (Ethereum) or message bytes (Solana) to sign. */
  message: `0x${string}`
  /** Default `'ETHEREUM'`. */
  type?: 'ETHEREUM' | 'SOLANA' | undefined
}

/**
 * Signs raw bytes with the user's wallet through `/v1/sign-payload`: a stamped Turnkey
 * `sign_raw_payload` (V2). Ethereum signs the given 32-byte digest as is (`HASH_FUNCTION_NO_OP`) and
 * answers 65 bytes r‖s‖v (v 27/28); Solana signs the message with ed25519
 * (`HASH_FUNCTION_NOT_APPLICABLE`) and answers 64 bytes.
 *
 * @example
 * const signature = await signRawMessage(signer, { message: hashMessage('hello') })
 * await recoverAddress({ hash: hashMessage('hello'), signature }) // === signer.user.address
 */
export async function signRawMessage(
  client: SignerClient,
  { message, type = 'ETHEREUM' }: SignRawMessageParameters,
): Promise<`0x${string}`> {
  const user = requireUser(client)
  if (type === 'SOLANA' && !user.solanaAddress)
    throw new SignerError('No Solana address available for the user')
  const body = toSignRawPayloadBody({
    organizationId: user.orgId,
    payload: message,
    signWith: type === 'SOLANA' ? user.solanaAddress! : user.address,
    hashFunction: type === 'SOLANA' ? 'HASH_FUNCTION_NOT_APPLICABLE' : 'HASH_FUNCTION_NO_OP',
  })
  const stampedRequest = await client.stampRequest('submit/sign_raw_payload', body)
  const { signature } = await request(client, '/v1/sign-payload', { stampedRequest })
  return signature
}
