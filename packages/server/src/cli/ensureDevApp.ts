import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from '../apps/createApp.js'
import type { SigilServer } from '../createSigilServer.js'

export const devAppOrigin = 'http://localhost:5173'

/**
 * `start --dev`: makes sure a dev app exists for the local demo origin and returns its key. The key
 * is kept in `<dataDir>/dev-app.json` (mode 0600) so every dev start can print it; production apps
 * are made with `sigil-server app create`, whose keys are never written down.
 *
 * @example
 * const { appId, apiKey, created } = await ensureDevApp(app)
 */
export async function ensureDevApp(
  app: SigilServer,
): Promise<{ appId: string; apiKey: string; created: boolean }> {
  const file = join(app.sigil.config.dataDir, 'dev-app.json')
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { appId: string; apiKey: string }
    const exists = await app.sigil.store.db
      .selectFrom('apps')
      .select('id')
      .where('id', '=', saved.appId)
      .executeTakeFirst()
    if (exists) return { ...saved, created: false }
  } catch {
    // No saved dev app yet (or it belongs to another store): make one below.
  }
  const created = await createApp(app.sigil.store.db, {
    name: 'Sigil dev app',
    origins: [devAppOrigin, 'http://127.0.0.1:5173'],
    redirectUrl: devAppOrigin,
    now: Date.now(),
  })
  await writeFile(file, `${JSON.stringify(created)}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
  return { ...created, created: true }
}
