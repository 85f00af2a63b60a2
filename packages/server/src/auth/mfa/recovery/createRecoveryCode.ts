import { randomBytes } from 'node:crypto'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/**
 * A fresh recovery code: 10 characters of base32 (RFC 4648 alphabet) from the CSPRNG, 50 bits, in
 * two groups of five (`ABCDE-FGH2K`). Each character is one random byte masked to 5 bits: 256 is a
 * multiple of 32, so every character is uniform.
 *
 * @example
 * const code = createRecoveryCode() // 'Q7MXA-2KDPE'
 */
export function createRecoveryCode(): string {
  const bytes = randomBytes(10)
  let code = ''
  for (const [index, byte] of bytes.entries()) code += (index === 5 ? '-' : '') + alphabet[byte & 31]
  bytes.fill(0)
  return code
}
