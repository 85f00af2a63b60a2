import type { DevnetClient } from './createDevnetClient.js'
import type { EntryPoints } from './EntryPoints.js'
import { placeEntryPoints } from './placeEntryPoints.js'

/**
 * Places EntryPoint v0.6, v0.7 and v0.8 at their canonical addresses through the client (the recipe is
 * `placeEntryPoints`: v0.7/v0.8 by CREATE2 with the canonical salts, v0.6 by `anvil_setCode` with its
 * SenderCreator immutable patched and the canonical SenderCreator placed). Idempotent.
 *
 * @example
 * const entryPoints = await deployEntryPoints(client)
 * // entryPoints['0.7'] === '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
 */
export async function deployEntryPoints(client: DevnetClient): Promise<EntryPoints> {
  return placeEntryPoints((method, params) => client.request({ method, params } as never))
}
