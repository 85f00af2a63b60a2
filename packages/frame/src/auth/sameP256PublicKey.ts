import { p256 } from '@noble/curves/nist.js'

/**
 * Whether two hex P-256 public keys (compressed or uncompressed, with or without `0x`) are the
 * same point. Anything that is not a valid key is equal to nothing.
 *
 * @example
 * sameP256PublicKey('04ab…', '02ab…') // true when the second is the compressed form of the first
 */
export function sameP256PublicKey(a: string, b: string): boolean {
  try {
    const point = (hex: string) => p256.Point.fromHex(hex.replace(/^0x/i, '').toLowerCase())
    return point(a).equals(point(b))
  } catch {
    return false
  }
}
