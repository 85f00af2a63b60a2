import { InvalidWalletAccountError } from './InvalidWalletAccountError.js'

/** BIP-32: child indices at or above 2^31 are hardened. */
export const hardenedOffset = 0x80000000

export type ParseDerivationPathReturnType = number[]

const segmentPattern = /^(0|[1-9][0-9]*)(')?$/

/** Quotes user input for an error's details, cut short so a huge input cannot bloat the error. */
const show = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)

/**
 * Parses a BIP-32 path such as `m/44'/60'/0'/0/0` into child indices (hardened ones offset by
 * 2^31). Only the canonical form is accepted: a leading `m`, `'` as the hardened marker, decimal
 * indices below 2^31 without leading zeros, and at most 255 levels. Canonical means one key has
 * exactly one path string, so two accounts cannot differ only in how their path is spelled.
 *
 * @example
 * parseDerivationPath("m/44'/60'/0'/0/0") // [2147483692, 2147483708, 2147483648, 0, 0]
 * parseDerivationPath('m') // []
 */
export function parseDerivationPath(path: string): ParseDerivationPathReturnType {
  if (typeof path !== 'string')
    throw new InvalidWalletAccountError('invalid derivation path', { details: 'the path is not a string' })
  const invalid = (details: string) =>
    new InvalidWalletAccountError('invalid derivation path', { details: `${show(path)}: ${details}` })
  const [root, ...segments] = path.split('/')
  if (root !== 'm') throw invalid('a path starts with "m"')
  if (segments.length > 255) throw invalid('a path has at most 255 levels')
  return segments.map((segment, position) => {
    const match = segmentPattern.exec(segment)
    if (!match) throw invalid(`level ${position + 1} (${show(segment)}) is not an index like 0 or 44'`)
    const index = Number(match[1])
    if (index >= hardenedOffset)
      throw invalid(`level ${position + 1} index ${show(match[1]!)} is not below 2^31`)
    return match[2] ? index + hardenedOffset : index
  })
}
