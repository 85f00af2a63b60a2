/**
 * A recovery code as typed (any case, spaces or dashes anywhere) in its stored form: 10 upper-case
 * base32 characters, or undefined when it cannot be a recovery code at all.
 *
 * @example
 * normalizeRecoveryCode(' q7mxa 2kdpe ') // 'Q7MXA2KDPE'
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase()
  return /^[A-Z2-7]{10}$/.test(code) ? code : undefined
}
