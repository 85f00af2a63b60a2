const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The 6-bit value of a base64url character, or -1 for any other character. */
function sextet(code: number): number {
  if (code >= 65 && code <= 90) return code - 65
  if (code >= 97 && code <= 122) return code - 71
  if (code >= 48 && code <= 57) return code + 4
  return code === 45 ? 62 : code === 95 ? 63 : -1
}

/**
 * base64url without padding (RFC 4648 §5) in plain JavaScript, for runtimes without Node's `Buffer`
 * (browsers): `base64urlEncode` and `base64urlDecode` use it there, so the browser bundle carries no
 * encoding library for it. `decode` expects text `base64urlDecode` already checked (alphabet, length,
 * canonical trailing bits); it drops the bits past the last whole byte.
 *
 * @example
 * portableBase64url.encode(new Uint8Array([0xfb, 0xff])) // '-_8'
 * portableBase64url.decode('-_8') // Uint8Array [251, 255]
 */
export const portableBase64url = {
  encode(bytes: Uint8Array): string {
    let text = ''
    for (let index = 0; index < bytes.length; index += 3) {
      const rest = bytes.length - index
      const chunk = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0)
      text += alphabet[chunk >> 18]! + alphabet[(chunk >> 12) & 63]!
      if (rest > 1) text += alphabet[(chunk >> 6) & 63]!
      if (rest > 2) text += alphabet[chunk & 63]!
    }
    return text
  },
  decode(text: string): Uint8Array {
    const bytes = new Uint8Array(Math.floor((text.length * 6) / 8))
    let buffer = 0
    let bits = 0
    let length = 0
    for (let index = 0; index < text.length; index++) {
      buffer = ((buffer << 6) | sextet(text.charCodeAt(index))) & 0xffff
      bits += 6
      if (bits >= 8) {
        bits -= 8
        bytes[length++] = (buffer >> bits) & 0xff
      }
    }
    return bytes
  },
}
