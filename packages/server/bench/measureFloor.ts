import { spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { buildSignRequests } from './buildSignRequests.js'
import { isCompletedActivity } from './measureSignLevel.js'
import { readProcessUsage } from './readProcessUsage.js'
import { type RunLoadReturnType, runLoad } from './runLoad.js'
import { toCompressedPublicKey } from './toCompressedPublicKey.js'

export type FloorStore = 'none' | 'sqlite' | 'custody'

export type MeasureFloorParameters = {
  /**
   * `none`: HTTP, verify and sign only; `sqlite`: plus a durable insert of the activity row; `custody`: plus,
   * per request, the API key, user and account in one indexed read and the sealed key opened (the custody
   * floor).
   */
  store: FloorStore
  /** Servers sharing the port (`node:cluster`) and, with a store, the SQLite file. Default 1. */
  processes?: number
  concurrency: number
  durationMs: number
  /** A rate the floor server cannot exceed (the compute ceiling): requests are pre-built for it. */
  maxRequestsPerSecond: number
}

export type FloorResult = RunLoadReturnType & {
  store: FloorStore
  processes: number
  concurrency: number
  /** Server CPU time per successful request, all threads and the event loops alone (every process). */
  serverCpuMsPerRequest: { all: number; mainThread: number }
}

const floorServerPath = fileURLToPath(new URL('./floorServer.ts', import.meta.url))
const warmUp = { concurrency: 16, durationMs: 1000 }

/**
 * Loads the floor server (`floorServer.ts`: the least a Node server does for a stamped signing request on
 * this machine) with the bench's own load generator and pre-built requests, after a short warm-up. The
 * requests' API key, organization and `signWith` go to the floor's environment (`FLOOR_API_PUBLIC_KEY`,
 * `FLOOR_ORGANIZATION_ID`, `FLOOR_SIGN_WITH`), from which the custody floor seeds its store.
 *
 * @example
 * const floor = await measureFloor({ store: 'sqlite', processes: 2, concurrency: 64, durationMs: 10_000, maxRequestsPerSecond })
 */
export async function measureFloor(parameters: MeasureFloorParameters): Promise<FloorResult> {
  const { store, processes = 1, concurrency, durationMs, maxRequestsPerSecond } = parameters
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const identity = {
    organizationId: 'floor-organization',
    signWith: '0x0000000000000000000000000000000000000000',
    publicKey: toCompressedPublicKey(publicKey),
  }
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', floorServerPath], {
    env: {
      ...process.env,
      FLOOR_STORE: store,
      FLOOR_PROCESSES: String(processes),
      FLOOR_API_PUBLIC_KEY: identity.publicKey,
      FLOOR_ORGANIZATION_ID: identity.organizationId,
      FLOOR_SIGN_WITH: identity.signWith,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    const url = await waitForListening(child)
    const template = { host: new URL(url).host, ...identity, privateKey }
    const level = async (clients: number, milliseconds: number) => {
      const requests = await buildSignRequests({
        template,
        count: Math.ceil((maxRequestsPerSecond * milliseconds) / 1000) + clients,
      })
      return runLoad({
        url,
        requests,
        concurrency: clients,
        durationMs: milliseconds,
        isSuccess: isCompletedActivity,
      })
    }
    await level(warmUp.concurrency, warmUp.durationMs)
    const before = readProcessUsage(child.pid!)
    const result = await level(concurrency, durationMs)
    const after = readProcessUsage(child.pid!)
    return {
      ...result,
      store,
      processes,
      concurrency,
      serverCpuMsPerRequest: {
        all: ((after.cpuSeconds - before.cpuSeconds) * 1000) / result.succeeded,
        mainThread: ((after.mainThreadCpuSeconds - before.mainThreadCpuSeconds) * 1000) / result.succeeded,
      },
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
}

function waitForListening(child: ReturnType<typeof spawn>): Promise<string> {
  let output = ''
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`floor server did not start within 30 s:\n${output}`)),
      30_000,
    )
    const collect = (chunk: Buffer) => {
      output += chunk
      const match = output.match(/floor listening on (http:\/\/\S+)/)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`floor server exited with ${code} before listening:\n${output}`))
    })
  })
}
