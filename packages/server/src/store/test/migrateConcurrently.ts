import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { TestStore } from './storeDialects.js'

const script = fileURLToPath(new URL('./migrateInChildProcess.ts', import.meta.url))

export type ChildMigration = { ran?: string[]; error?: string; cause?: string }

/**
 * Starts `count` OS processes on the store's database, releases them at once and returns what each
 * migrated: the real "server and `migrate` CLI at the same time" case. (For SQLite, separate processes are
 * the only honest test: better-sqlite3 waits for a lock synchronously, so two connections in one thread
 * would block each other.)
 */
export async function migrateConcurrently(store: TestStore, count = 2): Promise<ChildMigration[]> {
  let ready = 0
  const children = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', script, JSON.stringify(store.location)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    ),
  )
  const outputs = children.map(
    (child) =>
      new Promise<string>((resolve, reject) => {
        let text = ''
        let announced = false
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          if (!announced && text.startsWith('ready\n')) {
            announced = true
            ready++
            if (ready === count) for (const each of children) each.stdin.end('go\n')
          }
        })
        child.on('error', reject)
        child.on('exit', () => {
          // A child that died before `ready` must not keep the others waiting.
          if (!announced) {
            announced = true
            ready++
            if (ready === count) for (const each of children) each.stdin.end('go\n')
          }
          resolve(text)
        })
      }),
  )
  const texts = await Promise.all(outputs)
  return texts.map((text) => JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as ChildMigration)
}
