import type { StorageValue } from 'zustand/middleware'

/**
 * Reads what `serializeState` wrote: `{state, version}` with bigints revived. Anything that is not
 * such JSON gives `undefined` (the state is then rebuilt from the config).
 *
 * @example
 * deserializeState('{"state":{"n":{"__type":"bigint","value":"1"}},"version":14}')
 * // { state: { n: 1n }, version: 14 }
 */
export function deserializeState(text: string): StorageValue<unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text, (_key, item: unknown) => {
      const tagged = item as { __type?: unknown; value?: unknown } | null
      return tagged &&
        typeof tagged === 'object' &&
        tagged.__type === 'bigint' &&
        typeof tagged.value === 'string'
        ? BigInt(tagged.value)
        : item
    })
    if (!value || typeof value !== 'object' || !('state' in value)) return undefined
    return value as StorageValue<unknown>
  } catch {
    return undefined
  }
}
