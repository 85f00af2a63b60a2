/**
 * The text a persisted state is stored as: JSON, with bigints written as
 * `{__type: 'bigint', value: '<decimal>'}` (docs/account-kit.md#core); `deserializeState` reads it back.
 *
 * @example
 * serializeState({ state: { balance: 1n }, version: 14 })
 * // '{"state":{"balance":{"__type":"bigint","value":"1"}},"version":14}'
 */
export function serializeState(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? { __type: 'bigint', value: item.toString() } : item,
  )
}
