import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, encodeStampEnvelope, hexToBytes, type StampedRequest } from '@sigil/protocol'
import { recoverPublicKey, sha256, toBytes } from 'viem'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'

/**
 * Stamps a request of a multi-owner organization as its owner, the signed-in user, the way Account
 * Kit's multi-owner stamper does: the user's wallet signs SHA-256 of the exact body through
 * `/v1/sign-payload`, the public key is recovered from that signature, and the `X-Stamp` is that key
 * (`SIGNATURE_SCHEME_TK_API_SECP256K1`) with the DER form of r‖s (docs/multi-owner.md).
 *
 * @example
 * const stampedRequest = await stampAsMultiOwner(signer, prepared.result)
 */
export async function stampAsMultiOwner(client: SignerClient, body: object): Promise<StampedRequest> {
  const user = requireUser(client)
  const text = JSON.stringify(body)
  const signBody = {
    organizationId: user.orgId,
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(Date.now()),
    parameters: {
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_SHA256',
      payload: text,
      signWith: user.address,
    },
  }
  const stampedRequest = await client.stampRequest('submit/sign_raw_payload', signBody)
  const { signature } = await request(client, '/v1/sign-payload', { stampedRequest })
  const publicKey = await recoverPublicKey({ hash: sha256(toBytes(text)), signature })
  const stamp = encodeStampEnvelope({
    publicKey: secp256k1.Point.fromHex(publicKey.slice(2)).toHex(true),
    scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
    signature: bytesToHex(
      secp256k1.Signature.fromBytes(hexToBytes(signature).slice(0, 64), 'compact').toBytes('der'),
    ),
  })
  return {
    body: text,
    stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: stamp },
    url: 'https://api.turnkey.com/public/v1/submit/multi-owner',
  }
}
