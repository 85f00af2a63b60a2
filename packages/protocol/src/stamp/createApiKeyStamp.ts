import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { toP256PrivateKeyBytes } from '../keys/toP256PrivateKeyBytes.js'
import { encodeStampEnvelope } from './encodeStampEnvelope.js'

export type CreateApiKeyStampParameters = {
  /** The exact request body string that will be sent. */
  body: string
  /** The P-256 API private key, hex or 32 bytes. */
  privateKey: string | Uint8Array
  /** The compressed public key hex; derived from `privateKey` when omitted. */
  publicKey?: string | undefined
}

export type CreateApiKeyStampReturnType = { stampHeaderName: 'X-Stamp'; stampHeaderValue: string }

/**
 * Stamps a request body with a P-256 API key, as `@turnkey/api-key-stamper` does: the header value
 * is base64url (no padding) of `{"publicKey","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature"}`,
 * where `signature` is the hex DER ECDSA signature over SHA-256 of the UTF-8 body. Pure JS, so it
 * runs in browsers and Node alike.
 *
 * @example
 * const body = JSON.stringify(request)
 * const { stampHeaderName, stampHeaderValue } = await createApiKeyStamp({ body, privateKey })
 * await fetch(url, { method: 'POST', body, headers: { [stampHeaderName]: stampHeaderValue } })
 */
export async function createApiKeyStamp({
  body,
  privateKey,
  publicKey,
}: CreateApiKeyStampParameters): Promise<CreateApiKeyStampReturnType> {
  const secretKey = toP256PrivateKeyBytes(privateKey)
  const signature = p256.sign(new TextEncoder().encode(body), secretKey, { prehash: true, format: 'der' })
  const stampHeaderValue = encodeStampEnvelope({
    publicKey: publicKey ?? bytesToHex(p256.getPublicKey(secretKey, true)),
    scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    signature: bytesToHex(signature),
  })
  return { stampHeaderName: 'X-Stamp', stampHeaderValue }
}
