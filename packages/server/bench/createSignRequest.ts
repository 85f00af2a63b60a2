import { type KeyObject, randomBytes, sign } from 'node:crypto'

export type SignRequestTemplate = {
  /** `host:port` of the server, for the `Host` header. */
  host: string
  organizationId: string
  /** The wallet account address that signs. */
  signWith: string
  /** The user's P-256 API key: compressed public key hex, as registered. */
  publicKey: string
  /** The same key's private half (node:crypto), to stamp with. */
  privateKey: KeyObject
}

export const signRawPayloadPath = '/public/v1/submit/sign_raw_payload'

/**
 * One complete HTTP/1.1 request (head and body, ready to write to a socket) for a stamped
 * `sign_raw_payload` of a random 32-byte digest with a fresh `timestampMs`, so every request is a new
 * activity. The stamp is what `createApiKeyStamp` makes (DER ECDSA over SHA-256 of the body, in
 * `{"publicKey","scheme","signature"}` base64url), signed with OpenSSL so that building a hundred
 * thousand of them takes seconds; OpenSSL leaves S unnormalized, so about half the stamps are high-S,
 * as from real clients.
 *
 * @example
 * socket.write(createSignRequest({ host: '127.0.0.1:8787', organizationId, signWith, publicKey, privateKey }))
 */
export function createSignRequest(template: SignRequestTemplate): Buffer {
  const body = JSON.stringify({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(Date.now()),
    organizationId: template.organizationId,
    parameters: {
      signWith: template.signWith,
      payload: randomBytes(32).toString('hex'),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
  })
  const stamp = Buffer.from(
    JSON.stringify({
      publicKey: template.publicKey,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      signature: sign('sha256', Buffer.from(body), template.privateKey).toString('hex'),
    }),
  ).toString('base64url')
  const head =
    `POST ${signRawPayloadPath} HTTP/1.1\r\n` +
    `Host: ${template.host}\r\n` +
    'Content-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Stamp: ${stamp}\r\n\r\n`
  return Buffer.from(head + body)
}
