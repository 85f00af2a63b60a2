import { base64urlnopad } from '@scure/base'

/**
 * Encodes bytes, or the UTF-8 bytes of a string, as base64url without padding.
 *
 * @example
 * base64urlEncode('{"a":1}') // 'eyJhIjoxfQ'
 */
export function base64urlEncode(data: Uint8Array | string): string {
  return base64urlnopad.encode(typeof data === 'string' ? new TextEncoder().encode(data) : data)
}
