/** Lamports in one SOL. */
export const lamportsPerSol = 1_000_000_000n

/**
 * Lamports as SOL, without trailing zeros.
 *
 * @example
 * formatSol(1_500_000_000n) // '1.5'
 */
export function formatSol(value: bigint): string {
  const negative = value < 0n
  const absolute = negative ? -value : value
  const whole = absolute / lamportsPerSol
  const fraction = (absolute % lamportsPerSol).toString().padStart(9, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * A SOL amount typed by the user as lamports; `undefined` when it is not a positive number with at
 * most 9 decimals.
 *
 * @example
 * parseSol('0.001') // 1_000_000n
 */
export function parseSol(text: string): bigint | undefined {
  const match = /^(\d*)(?:\.(\d{0,9}))?$/.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const value = BigInt(match[1] || '0') * lamportsPerSol + BigInt((match[2] ?? '').padEnd(9, '0') || '0')
  return value > 0n ? value : undefined
}
