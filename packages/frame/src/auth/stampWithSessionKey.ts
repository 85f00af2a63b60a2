import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, encodeStampEnvelope } from '@sigil/protocol'
import type { SessionKey } from './importSessionKey.js'

/**
 * The `X-Stamp` value for `body` (see `encodeStampEnvelope`): a DER ECDSA-P256 signature over SHA-256
 * of the exact body bytes, made with the non-extractable key.
 *
 * @example
 * const stampHeaderValue = await stampWithSessionKey(sessionKey, '{"organizationId":"…"}')
 */
export async function stampWithSessionKey(sessionKey: SessionKey, body: string): Promise<string> {
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      sessionKey.privateKey,
      new TextEncoder().encode(body),
    ),
  )
  const signature = bytesToHex(p256.Signature.fromBytes(raw, 'compact').toBytes('der'))
  return encodeStampEnvelope({
    publicKey: sessionKey.compressedPublicKey,
    scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    signature,
  })
}
