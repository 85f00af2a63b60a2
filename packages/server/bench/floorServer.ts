/**
 * The bench's floor server, run as a child process by `measureFloor` (`node --conditions=source --import tsx
 * bench/floorServer.ts`): the least a Node server can do for a stamped `sign_raw_payload`, to show what this
 * machine allows before any of Sigil's own work. It is not Sigil and serves nothing else.
 *
 * Per request: `node:http` reads the body; the `X-Stamp` JSON is decoded; the P-256 stamp is verified with
 * OpenSSL on the libuv pool (`crypto.verify` with a callback, as the server does); the digest is signed with
 * libsecp256k1 on the event loop; the answer is an activity JSON of the server's shape. Nothing else: no
 * envelope or parameter validation, no API-key or account lookup, no vault, no policy.
 *
 * With `FLOOR_STORE=sqlite` it also makes every answer durable first, the cheapest way found: the
 * activity row goes into the real `activities` table (the server's migrations, so the same indexes) on
 * the event loop's own better-sqlite3 connection, one transaction per turn of the event loop, committed
 * with `synchronous = NORMAL` (no fsync inside SQLite), then the WAL file is fsynced on the libuv pool and
 * only then are that turn's requests answered. (The same rows through a writer thread, as the server does,
 * cost more: see bench/README.md.)
 *
 * Prints `floor listening on http://127.0.0.1:PORT` once ready; stops on SIGTERM.
 */
import { createHash, createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto'
import { fsync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { Selectable } from 'kysely'
import secp256k1 from 'secp256k1'
import { createId } from '../src/ids/createId.js'
import { createStore } from '../src/store/createStore.js'
import { migrateToLatest } from '../src/store/migrateToLatest.js'
import type { ActivityTable } from '../src/store/schema.js'

/** A row of the server's `activities` table, as the floor writes it. */
type ActivityRow = Selectable<ActivityTable>

const signingKey = randomBytes(32)
const spkiPrefixOfCompressedP256 = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex')
const publicKeys = new Map<string, KeyObject>()

/** Resolves once the row is durable; the whole turn's rows share one commit and one fsync. */
const persist = process.env.FLOOR_STORE === 'sqlite' ? await openDurableActivities() : undefined

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const body = Buffer.concat(chunks)
    const refuse = (status: number) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end('{"code":16,"message":"refused"}')
    }
    let stamp: { publicKey: string; signature: string }
    try {
      stamp = JSON.parse(Buffer.from(String(request.headers['x-stamp']), 'base64url').toString('utf8'))
    } catch {
      return refuse(401)
    }
    let publicKey = publicKeys.get(stamp.publicKey)
    if (!publicKey) {
      publicKey = createPublicKey({
        key: Buffer.concat([spkiPrefixOfCompressedP256, Buffer.from(stamp.publicKey, 'hex')]),
        format: 'der',
        type: 'spki',
      })
      publicKeys.set(stamp.publicKey, publicKey)
    }
    verify('sha256', body, publicKey, Buffer.from(stamp.signature, 'hex'), (error, valid) => {
      if (error || !valid) return refuse(401)
      const raw = body.toString('utf8')
      const envelope = JSON.parse(raw) as {
        type: string
        organizationId: string
        parameters: { payload: string }
      }
      const { signature, recid } = secp256k1.ecdsaSign(
        Buffer.from(envelope.parameters.payload, 'hex'),
        signingKey,
      )
      const hex = Buffer.from(signature).toString('hex')
      const now = Date.now()
      const result = {
        signRawPayloadResult: { r: hex.slice(0, 64), s: hex.slice(64), v: `0${recid}` },
      }
      const row: ActivityRow = {
        id: createId(),
        organization_id: envelope.organizationId,
        type: envelope.type,
        status: 'ACTIVITY_STATUS_COMPLETED',
        intent: JSON.stringify({ signRawPayloadIntentV2: envelope.parameters }),
        result: JSON.stringify(result),
        failure: null,
        fingerprint: createHash('sha256').update(raw).digest('hex'),
        user_id: 'floor',
        created_at: now,
        updated_at: now,
      }
      const answer = () => {
        const json = JSON.stringify({
          activity: {
            id: row.id,
            organizationId: row.organization_id,
            status: row.status,
            type: row.type,
            intent: { signRawPayloadIntentV2: envelope.parameters },
            result,
            votes: [],
            fingerprint: row.fingerprint,
            canApprove: false,
            canReject: false,
            createdAt: { seconds: String(Math.floor(now / 1000)), nanos: '0' },
            updatedAt: { seconds: String(Math.floor(now / 1000)), nanos: '0' },
          },
        })
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(json),
        })
        response.end(json)
      }
      if (!persist) return answer()
      persist(row).then(answer, () => refuse(500))
    })
  })
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object')
    console.log(`floor listening on http://127.0.0.1:${address.port}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))

/**
 * A fresh store in a temp dir (deleted at exit) with the server's schema, and a group commit of activity
 * rows: see the header.
 */
async function openDurableActivities(): Promise<(row: ActivityRow) => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sigil-bench-floor-'))
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
  const store = await createStore({ dataDir })
  await migrateToLatest(store.db)
  await store.db.destroy()

  const database = new Database(join(dataDir, 'sigil.db'))
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  database.pragma('wal_autocheckpoint = 10000')
  // Prepared at the first row, with its own keys as the columns (named parameters: `@id`, …).
  let insert: Database.Statement | undefined
  const begin = database.prepare('begin immediate')
  const commit = database.prepare('commit')
  // The WAL file exists once the connection has read in WAL mode; this descriptor fsyncs its inode.
  database.prepare('select count(*) from activities').get()
  const wal = openSync(join(dataDir, 'sigil.db-wal'), 'r')

  let queued: { row: ActivityRow; resolve: () => void; reject: (error: unknown) => void }[] = []
  const commitTurn = () => {
    const items = queued
    queued = []
    try {
      begin.run()
      for (const { row } of items) {
        const columns = Object.keys(row)
        insert ??= database.prepare(
          `insert into activities (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
        )
        insert.run(row)
      }
      commit.run()
    } catch (error) {
      if (database.inTransaction) database.exec('rollback')
      for (const item of items) item.reject(error)
      return
    }
    fsync(wal, (error) => {
      for (const item of items) error ? item.reject(error) : item.resolve()
    })
  }
  return (row) =>
    new Promise<void>((resolve, reject) => {
      if (queued.length === 0) setImmediate(commitTurn)
      queued.push({ row, resolve, reject })
    })
}
