/**
 * JSON with object keys sorted at every level (and `undefined` dropped, as JSON does), so that two
 * equal values give the same text whatever order their keys were written in. Bigints become
 * `"<digits>n"` strings.
 *
 * @example
 * toStableJson({ b: 1, a: { d: undefined, c: 2 } }) // '{"a":{"c":2},"b":1}'
 */
export function toStableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
    const record = item as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    )
  })
}
