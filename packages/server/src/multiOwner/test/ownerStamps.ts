import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import {
  bytesToHex,
  createApiKeyStamp,
  encodeStampEnvelope,
  hexToBytes,
  type StampedRequest,
} from '@sigil/protocol'
import { recoverPublicKey } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { TestKey, TestServer } from '../../test/createTestServer.js'

export type OwnerKey = { privateKey: `0x${string}`; address: `0x${string}` }

/** A fresh EVM key standing for an owner (an external wallet, say). */
export function createOwnerKey(): OwnerKey {
  const privateKey = generatePrivateKey()
  return { privateKey, address: privateKeyToAccount(privateKey).address }
}

/**
 * The stamped request of `request` by an owner key: an `X-Stamp` with scheme
 * `SIGNATURE_SCHEME_TK_API_SECP256K1`, the DER signature of SHA-256 of the body, as Account Kit's
 * multi-owner stamper produces it.
 */
export function stampAsOwner(owner: OwnerKey, request: unknown): StampedRequest {
  const body = JSON.stringify(request)
  const secret = hexToBytes(owner.privateKey)
  const signature = secp256k1.sign(new TextEncoder().encode(body), secret, { prehash: true, format: 'der' })
  return {
    body,
    stamp: {
      stampHeaderName: 'X-Stamp',
      stampHeaderValue: encodeStampEnvelope({
        publicKey: bytesToHex(secp256k1.getPublicKey(secret, true)),
        scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
        signature: bytesToHex(signature),
      }),
    },
    url: 'https://api.turnkey.com/public/v1/submit/x',
  }
}

/**
 * Account Kit's multi-owner stamp, step by step (`experimental_createMultiOwnerStamper` of
 * `@account-kit/signer` 4.88): the signed-in user's wallet signs SHA-256 of the body through
 * `/v1/sign-payload` (stamped by the session key), the public key is recovered from that signature,
 * and the stamp is that key with the DER form of r‖s.
 */
export async function stampThroughSignPayload(
  server: TestServer,
  session: { key: TestKey; organizationId: string; address: `0x${string}` },
  request: unknown,
): Promise<StampedRequest> {
  const body = JSON.stringify(request)
  const signBody = JSON.stringify({
    organizationId: session.organizationId,
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(Date.now()),
    parameters: {
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_SHA256',
      payload: body,
      signWith: session.address,
    },
  })
  const sessionStamp = await createApiKeyStamp({ body: signBody, privateKey: session.key.privateKey })
  const response = await server.signer('/v1/sign-payload', {
    stampedRequest: { body: signBody, stamp: sessionStamp, url: 'https://api.turnkey.com' },
  })
  if (response.status !== 200)
    throw new Error(`sign-payload answered ${response.status}: ${await response.text()}`)
  const { signature } = (await response.json()) as { signature: `0x${string}` }
  const publicKey = await recoverPublicKey({ hash: sha256(new TextEncoder().encode(body)), signature })
  return {
    body,
    stamp: {
      stampHeaderName: 'X-Stamp',
      stampHeaderValue: encodeStampEnvelope({
        publicKey: secp256k1.Point.fromHex(publicKey.slice(2)).toHex(true),
        scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
        signature: bytesToHex(
          secp256k1.Signature.fromBytes(hexToBytes(signature).slice(0, 64), 'compact').toBytes('der'),
        ),
      }),
    },
    url: 'https://api.turnkey.com/public/v1/submit/x',
  }
}
