import { serializeSignature } from 'viem'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import { stampAsMultiOwner } from './stampAsMultiOwner.js'

export type MultiOwnerSignRawMessageParameters = {
  /** The 0x hex bytes to sign as they are (hash a message or typed data first). */
  message: `0x${string}`
  /** The multi-owner organization, and its wallet address that signs. */
  orgId: string
  orgAddress: `0x${string}`
}

/**
 * Signs raw bytes with a multi-owner organization's wallet, stamped by the signed-in owner (Account
 * Kit's `experimental_multiOwnerSignRawMessage`). Answers the 65-byte signature; with a threshold
 * above 1 it fails with `ACTIVITY_CONSENSUS_NEEDED` until the other owners approve.
 *
 * @example
 * const signature = await multiOwnerSignRawMessage(signer, { message: hashMessage('hi'), orgId, orgAddress })
 */
export async function multiOwnerSignRawMessage(
  client: SignerClient,
  { message, orgId, orgAddress }: MultiOwnerSignRawMessageParameters,
): Promise<`0x${string}`> {
  requireUser(client)
  const { result } = await request(client, '/v1/multi-owner-sign-raw-payload', {
    stampedRequest: await stampAsMultiOwner(client, {
      organizationId: orgId,
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      parameters: {
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
        payload: message,
        signWith: orgAddress,
      },
    }),
  })
  const { r, s, v } = result.signRawPayloadResult
  return serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number(v) })
}
