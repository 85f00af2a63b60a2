import { embeddedKeyStore, type StoredKeyPair } from './embeddedKeyStore.js'
import { generateEmbeddedKey } from './generateEmbeddedKey.js'

/** How long an embedded key lives unless the parent asks otherwise: 48 hours. */
export const defaultEmbeddedKeyTtlMs = 48 * 60 * 60 * 1000

export type LoadEmbeddedKeyOptions = {
  ttlMs?: number
  /** Forces a new key (`INIT_EMBEDDED_KEY`, a TTL override, each export frame announcement). */
  regenerate?: boolean
  /**
   * The name keys had before they were named by app and origin (`auth`, `export`). Loading adopts
   * a key stored there when `name` holds none; regenerating drops it. Either way the first frame to
   * load a key after the upgrade claims the legacy entry, and it is gone for every other one.
   */
  legacyName?: string
}

/**
 * The frame's embedded key stored under `name` (see `embeddedKeyName`): the stored one while it is
 * valid, else a new one (saved).
 *
 * @example
 * const key = await loadEmbeddedKey(embeddedKeyName('auth', owner), { ttlMs: defaultEmbeddedKeyTtlMs, legacyName: 'auth' })
 */
export async function loadEmbeddedKey(
  name: string,
  { ttlMs = defaultEmbeddedKeyTtlMs, regenerate = false, legacyName }: LoadEmbeddedKeyOptions = {},
): Promise<StoredKeyPair> {
  if (!regenerate) {
    const stored = await (legacyName
      ? embeddedKeyStore.adopt(legacyName, name)
      : embeddedKeyStore.load(name)
    ).catch(() => undefined)
    if (stored && stored.expiresAt > Date.now() && stored.keyPair?.privateKey) return stored
  } else if (legacyName) await embeddedKeyStore.delete(legacyName).catch(() => undefined)
  const fresh = { ...(await generateEmbeddedKey()), expiresAt: Date.now() + ttlMs }
  await embeddedKeyStore.save(name, fresh)
  return fresh
}
