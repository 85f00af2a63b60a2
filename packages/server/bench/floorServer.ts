/**
 * The bench's floor server, run as a child process by `measureFloor` (`node --conditions=source --import tsx
 * bench/floorServer.ts`): the least a Node server can do for a stamped `sign_raw_payload`, to show what this
 * machine allows before any of Sigil's own work. It is not Sigil and serves nothing else.
 *
 * Per request: `node:http` reads the body; the `X-Stamp` JSON is decoded; the P-256 stamp is verified with
 * OpenSSL on the libuv pool (`crypto.verify` with a callback, as the server does); the digest is signed with
 * libsecp256k1 on the event loop; the answer is an activity JSON of the server's shape. Nothing else: no
 * envelope or parameter validation, no API-key or account lookup, no vault, no policy (the custody floor,
 * below, adds the lookup and the vault).
 *
 * With `FLOOR_STORE=sqlite` (and `custody`) it also makes every answer durable first, the cheapest way
 * found: the activity row goes into the real `activities` table (the server's migrations, so the same
 * indexes) on the event loop's own better-sqlite3 connection, one transaction per turn of the event loop,
 * committed with `synchronous = NORMAL` (no fsync inside SQLite), then the WAL file is fsynced on the libuv
 * pool and only then are that turn's requests answered. (The same rows through a writer thread, as the
 * server does, cost more: see bench/README.md.)
 *
 * With `FLOOR_STORE=custody` (the custody floor) it does, on top of that durable insert, only what a custody
 * server cannot skip: before signing, ONE prepared read of the stamp's API key, its user and the `signWith`
 * wallet account in the key's organization (`prepareCustodyLookup`: every table through a unique index; 401
 * when nothing matches, the key has expired or the request names another organization), then the account's
 * sealed private key opened per request (`openSealedKey`: two AES-256-GCM decryptions, data key and key),
 * zeroed after the signature. No cache of either. The rows are seeded (`seedCustodyStore`) from
 * `FLOOR_API_PUBLIC_KEY`, `FLOOR_ORGANIZATION_ID` and `FLOOR_SIGN_WITH` under a master key generated here.
 *
 * With `FLOOR_PROCESSES=N` (default 1) the process is a `node:cluster` primary that forks N such servers
 * sharing the port and, with a store, the one SQLite file (each on its own connections); the primary makes
 * and seeds the store once, and gives the workers its directory and the master key through the environment.
 *
 * Prints `floor listening on http://127.0.0.1:PORT` once ready; stops on SIGTERM.
 */
import cluster from 'node:cluster'
import {
  createHash,
  createPublicKey,
  createSecretKey,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto'
import { createServer } from 'node:http'
import secp256k1 from 'secp256k1'
import { createId } from '../src/ids/createId.js'
import { createFloorStore } from './createFloorStore.js'
import { type ActivityRow, openDurableActivities } from './openDurableActivities.js'
import { openSealedKey } from './openSealedKey.js'
import { prepareCustodyLookup } from './prepareCustodyLookup.js'
import { seedCustodyStore } from './seedCustodyStore.js'

const processes = Number(process.env.FLOOR_PROCESSES || 1)
if (!Number.isInteger(processes) || processes < 1)
  throw new Error('FLOOR_PROCESSES must be a positive integer')
const store = process.env.FLOOR_STORE || 'none'
if (store !== 'none' && store !== 'sqlite' && store !== 'custody')
  throw new Error('FLOOR_STORE must be none, sqlite or custody')
const durable = store !== 'none'
const custody = store === 'custody'
if (processes > 1 && cluster.isPrimary) await startPrimary()
else await startServer()

/**
 * The store the servers share (none without `FLOOR_STORE`) and, for the custody floor, its seed rows sealed
 * under a fresh master key (hex; workers get both through the environment).
 */
async function createSharedStore(): Promise<{ dataDir: string; masterKey: string }> {
  if (!durable) return { dataDir: '', masterKey: '' }
  const dataDir = await createFloorStore()
  if (!custody) return { dataDir, masterKey: '' }
  const masterKey = randomBytes(32)
  const read = (name: string) => {
    const value = process.env[name]
    if (!value) throw new Error(`FLOOR_STORE=custody needs ${name}`)
    return value
  }
  seedCustodyStore({
    dataDir,
    masterKey: createSecretKey(masterKey),
    apiPublicKey: read('FLOOR_API_PUBLIC_KEY'),
    organizationId: read('FLOOR_ORGANIZATION_ID'),
    signWith: read('FLOOR_SIGN_WITH'),
  })
  const hex = masterKey.toString('hex')
  masterKey.fill(0)
  return { dataDir, masterKey: hex }
}

/** Forks the servers (after making the store they share), says where they listen, stops them on SIGTERM. */
async function startPrimary(): Promise<void> {
  const { dataDir, masterKey } = await createSharedStore()
  const listening: Promise<number>[] = []
  for (let index = 0; index < processes; index++) {
    const worker = cluster.fork({ FLOOR_DATA_DIR: dataDir, FLOOR_MASTER_KEY: masterKey })
    listening.push(
      new Promise<number>((resolve, reject) => {
        worker.once('listening', (address) => resolve(address.port))
        worker.once('exit', (code) => reject(new Error(`floor worker exited with ${code}`)))
      }),
    )
  }
  const [port] = await Promise.all(listening)
  console.log(`floor listening on http://127.0.0.1:${port}`)
  process.once('SIGTERM', () => {
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) => new Promise((resolve) => worker!.once('exit', resolve)),
    )
    for (const worker of Object.values(cluster.workers ?? {})) worker!.kill('SIGTERM')
    void Promise.all(exits).then(() => process.exit(0))
  })
}

async function startServer(): Promise<void> {
  const signingKey = randomBytes(32)
  const spkiPrefixOfCompressedP256 = Buffer.from(
    '3039301306072a8648ce3d020106082a8648ce3d030107032200',
    'hex',
  )
  const publicKeys = new Map<string, KeyObject>()

  const shared = cluster.isWorker
    ? { dataDir: process.env.FLOOR_DATA_DIR!, masterKey: process.env.FLOOR_MASTER_KEY! }
    : await createSharedStore()
  /** Resolves once the row is durable; the whole turn's rows share one commit and one fsync. */
  const persist = durable ? openDurableActivities(shared.dataDir) : undefined
  const lookUp = custody ? prepareCustodyLookup(shared.dataDir) : undefined
  const masterKey = custody ? createSecretKey(Buffer.from(shared.masterKey, 'hex')) : undefined

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
          parameters: { signWith: string; payload: string }
        }
        const digest = Buffer.from(envelope.parameters.payload, 'hex')
        let userId = 'floor'
        let signed: { signature: Uint8Array; recid: number }
        if (lookUp && masterKey) {
          // The custody floor: the key, its user and the account in one read, then the key opened.
          const account = lookUp(stamp.publicKey, envelope.parameters.signWith)
          if (
            !account ||
            account.organization_id !== envelope.organizationId ||
            (account.expires_at !== null && account.expires_at <= Date.now())
          )
            return refuse(401)
          userId = account.user_id
          let privateKey: Buffer
          try {
            privateKey = openSealedKey(
              account.sealed_private_key,
              masterKey,
              `wallet_account:${account.wallet_account_id}`,
            )
          } catch {
            return refuse(500)
          }
          try {
            signed = secp256k1.ecdsaSign(digest, privateKey)
          } finally {
            privateKey.fill(0)
          }
        } else signed = secp256k1.ecdsaSign(digest, signingKey)
        const { signature, recid } = signed
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
          user_id: userId,
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
    if (cluster.isPrimary && address && typeof address === 'object')
      console.log(`floor listening on http://127.0.0.1:${address.port}`)
  })
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
}
