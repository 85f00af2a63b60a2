import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type SpawnedServer, spawnServer } from '../src/test/spawnServer.js'

export type BenchStore = 'sqlite' | 'postgres'

export type StartBenchServerParameters = {
  store: BenchStore
  /** PostgreSQL to create a throw-away schema in. */
  databaseUrl: string
  /** Extra environment of the server process only (e.g. `NODE_OPTIONS=--cpu-prof`). */
  serverEnv?: Record<string, string>
  /** `sigil-server start --workers N`: N processes sharing the port. Default 1 (no `--workers`). */
  workers?: number
}

export type BenchServer = {
  store: BenchStore
  workers: number
  url: string
  /** The server process (the primary with `--workers`; its workers are its child processes). */
  pid: number
  /** `--data-dir …` and, on PostgreSQL, `--database-url …`: the same store for CLI commands. */
  storeArgs: string[]
  /** Environment that CLI commands on this store need (the master key). */
  env: Record<string, string>
  process: SpawnedServer
  /** Stops the server (SIGTERM), then deletes its temp dir or drops its schema. */
  stop(): Promise<void>
}

/**
 * Starts the real server (`sigil-server start`, from source, in a child process) on a fresh store:
 * SQLite in a temp dir, or a new PostgreSQL schema selected through `search_path`; with `workers`, as
 * `--workers N` processes sharing the port.
 *
 * @example
 * const server = await startBenchServer({ store: 'sqlite', databaseUrl })
 * // … load server.url …
 * await server.stop()
 */
export async function startBenchServer(parameters: StartBenchServerParameters): Promise<BenchServer> {
  const { store, serverEnv = {}, workers = 1 } = parameters
  const dataDir = await mkdtemp(join(tmpdir(), 'sigil-bench-'))
  const env = { SIGIL_MASTER_KEY: randomBytes(32).toString('hex') }
  const storeArgs = ['--data-dir', dataDir]
  let dropSchema = async () => {}
  if (store === 'postgres') {
    const schema = `sigil_bench_${randomBytes(6).toString('hex')}`
    await withClient(parameters.databaseUrl, (client) => client.query(`create schema "${schema}"`))
    dropSchema = async () => {
      await withClient(parameters.databaseUrl, (client) =>
        client.query(`drop schema if exists "${schema}" cascade`),
      )
    }
    const separator = parameters.databaseUrl.includes('?') ? '&' : '?'
    const options = encodeURIComponent(`-c search_path=${schema}`)
    storeArgs.push('--database-url', `${parameters.databaseUrl}${separator}options=${options}`)
  }
  const cleanup = async () => {
    await dropSchema()
    await rm(dataDir, { recursive: true, force: true })
  }
  let spawned: SpawnedServer
  try {
    const workerArgs = workers > 1 ? ['--workers', String(workers)] : []
    // Its log lines go to a file, as to an operator's journal: read from a pipe, they took the load
    // generator's event loop (half of its CPU at info level) and halved the measured rate.
    spawned = await spawnServer(
      ['start', '--port', '0', ...workerArgs, ...storeArgs],
      { ...env, ...serverEnv },
      { outputFile: join(dataDir, 'server.log') },
    )
  } catch (error) {
    await cleanup()
    throw error
  }
  return {
    store,
    workers,
    url: spawned.url,
    pid: spawned.process.pid!,
    storeArgs,
    env,
    process: spawned,
    async stop() {
      try {
        await spawned.stop()
      } finally {
        await cleanup()
      }
    },
  }
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
