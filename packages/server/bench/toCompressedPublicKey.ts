import type { KeyObject } from 'node:crypto'

/**
 * SEC1 compressed form (02/03 ‖ x), hex, of a node:crypto P-256 public key: how an API key is registered.
 *
 * @example
 * const publicKey = toCompressedPublicKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)
 */
export function toCompressedPublicKey(publicKey: KeyObject): string {
  const { x, y } = publicKey.export({ format: 'jwk' })
  const yBytes = Buffer.from(y!, 'base64url')
  const prefix = yBytes[yBytes.length - 1]! & 1 ? '03' : '02'
  return prefix + Buffer.from(x!, 'base64url').toString('hex')
}
