import { base64urlnopad } from '@scure/base'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

const base64urlPattern = /^[A-Za-z0-9_-]*$/

/**
 * Decodes base64url, with or without `=` padding, into bytes.
 * Throws `InvalidEncodingError` on characters outside the base64url alphabet or an impossible length.
 *
 * @example
 * new TextDecoder().decode(base64urlDecode('eyJhIjoxfQ')) // '{"a":1}'
 */
export function base64urlDecode(text: string): Uint8Array {
  const unpadded = text.replace(/={1,2}$/, '')
  if (!base64urlPattern.test(unpadded))
    throw new InvalidEncodingError('invalid base64url', {
      details: 'character outside the base64url alphabet',
    })
  if (unpadded.length % 4 === 1)
    throw new InvalidEncodingError('invalid base64url', { details: `impossible length ${unpadded.length}` })
  try {
    return base64urlnopad.decode(unpadded)
  } catch (cause) {
    throw new InvalidEncodingError('invalid base64url', { details: 'non-canonical trailing bits', cause })
  }
}
