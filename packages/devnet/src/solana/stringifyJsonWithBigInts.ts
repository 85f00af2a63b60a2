/**
 * `JSON.stringify` that writes bigints as plain JSON integers (Solana's u64 values: lamports, slots, rent
 * epoch `18446744073709551615`), as Agave does; `@solana/kit` reads them back as bigints.
 *
 * @example
 * stringifyJsonWithBigInts({ value: 18446744073709551615n }) // '{"value":18446744073709551615}'
 */
export function stringifyJsonWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `${marker}${item}` : item)).replace(
    /"\\u0000bigint:(-?\d+)"/g,
    '$1',
  )
}

// Written by JSON.stringify as `\u0000bigint:`; no value of the runtime holds a NUL (base58, base64, logs).
const marker = '\u0000bigint:'
