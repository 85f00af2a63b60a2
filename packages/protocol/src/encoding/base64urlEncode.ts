import { portableBase64url } from './portableBase64url.js'

/** Node's `Buffer` where there is one (the server encodes on every request); browsers use the portable encoder. */
const nativeBuffer = (
  globalThis as {
    Buffer?: {
      from(
        bytes: ArrayBufferLike,
        offset: number,
        length: number,
      ): { toString(encoding: 'base64url'): string }
    }
  }
).Buffer

/**
 * Encodes bytes, or the UTF-8 bytes of a string, as base64url without padding.
 *
 * @example
 * base64urlEncode('{"a":1}') // 'eyJhIjoxfQ'
 */
export function base64urlEncode(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  if (nativeBuffer)
    return nativeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
  return portableBase64url.encode(bytes)
}
