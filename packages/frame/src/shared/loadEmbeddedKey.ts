import { embeddedKeyStore, type StoredKeyPair } from './embeddedKeyStore.js'
import { generateEmbeddedKey } from './generateEmbeddedKey.js'

/** How long an embedded key lives unless the parent asks otherwise: 48 hours. */
export const defaultEmbeddedKeyTtlMs = 48 * 60 * 60 * 1000

/**
 * The frame's embedded key: the stored one while it is valid, else a new one (saved).
 * `regenerate` forces a new key (`INIT_EMBEDDED_KEY`, a TTL override).
 *
 * @example
 * const key = await loadEmbeddedKey('auth', { ttlMs: defaultEmbeddedKeyTtlMs })
 */
export async function loadEmbeddedKey(
  name: string,
  { ttlMs = defaultEmbeddedKeyTtlMs, regenerate = false }: { ttlMs?: number; regenerate?: boolean } = {},
): Promise<StoredKeyPair> {
  if (!regenerate) {
    const stored = await embeddedKeyStore.load(name).catch(() => undefined)
    if (stored && stored.expiresAt > Date.now() && stored.keyPair?.privateKey) return stored
  }
  const fresh = { ...(await generateEmbeddedKey()), expiresAt: Date.now() + ttlMs }
  await embeddedKeyStore.save(name, fresh)
  return fresh
}
