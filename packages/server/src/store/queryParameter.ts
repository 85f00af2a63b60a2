const marker = '\u0000sigil-query-parameter:'

/**
 * A placeholder for the `index`-th value of a query compiled once (`compileQueryOnce`, `prepareQuery`):
 * the query is built and compiled a single time with these, and each run binds its own values.
 *
 * @example
 * const findKey = prepareQuery((db) => db.selectFrom('api_keys').selectAll().where('public_key', '=', queryParameter(0)))
 */
export function queryParameter<T = string>(index: number): T {
  return `${marker}${index}` as T
}

/** The index of a {@link queryParameter} placeholder, or undefined for any other value. */
export function queryParameterIndex(value: unknown): number | undefined {
  return typeof value === 'string' && value.startsWith(marker)
    ? Number(value.slice(marker.length))
    : undefined
}
