import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from '../apps/createApp.js'
import { normalizeOrigin } from '../apps/normalizeOrigin.js'
import type { SigilServer } from '../createSigilServer.js'

export const devAppOrigin = 'http://localhost:5173'

/**
 * `start --dev`: makes sure a dev app exists for the local demo origin (`--dev-app-origin`, default
 * `http://localhost:5173`) and returns its key. The key is kept in `<dataDir>/dev-app.json` (mode
 * 0600) so every dev start can print it and `npm start` can read it; production apps are made with
 * `sigil-server app create`, whose keys are never written down. A saved dev app started with another
 * origin gets that origin added (and its redirect URL moved to it): the key stays the same. Refused on a
 * server that is not in dev mode: a dev app's key sits in a file next to the database.
 *
 * @example
 * const { appId, apiKey, created } = await ensureDevApp(app)
 */
export async function ensureDevApp(
  app: SigilServer,
  { origin = devAppOrigin }: { origin?: string } = {},
): Promise<{ appId: string; apiKey: string; created: boolean }> {
  if (!app.sigil.config.dev) throw new Error('the dev app exists only in dev mode (sigil-server start --dev)')
  const file = join(app.sigil.config.dataDir, 'dev-app.json')
  const normalized = normalizeOrigin(origin)
  const db = app.sigil.store.db
  const saved = await readSavedDevApp(file)
  const row =
    saved &&
    (await db
      .selectFrom('apps')
      .select(['id', 'allowed_origins', 'redirect_url'])
      .where('id', '=', saved.appId)
      .executeTakeFirst())
  if (saved && row) {
    const origins = JSON.parse(row.allowed_origins) as string[]
    if (!origins.includes(normalized) || row.redirect_url !== normalized)
      await db
        .updateTable('apps')
        .set({
          allowed_origins: JSON.stringify([...new Set([...origins, normalized])]),
          redirect_url: normalized,
          updated_at: Date.now(),
        })
        .where('id', '=', row.id)
        .execute()
    return { appId: saved.appId, apiKey: saved.apiKey, created: false }
  }
  // No saved dev app yet (or it belongs to another store): make one.
  const loopback = normalized.replace('//localhost:', '//127.0.0.1:')
  const created = await createApp(db, {
    name: 'Sigil dev app',
    origins: [...new Set([normalized, loopback])],
    redirectUrl: normalized,
    now: Date.now(),
  })
  await writeFile(file, `${JSON.stringify(created)}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
  return { ...created, created: true }
}

async function readSavedDevApp(file: string): Promise<{ appId: string; apiKey: string } | undefined> {
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { appId?: unknown; apiKey?: unknown }
    if (typeof saved.appId === 'string' && typeof saved.apiKey === 'string')
      return { appId: saved.appId, apiKey: saved.apiKey }
  } catch {
    // No file, or not JSON: there is no saved dev app.
  }
  return undefined
}
