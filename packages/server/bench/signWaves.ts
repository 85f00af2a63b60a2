/**
 * `node --conditions=source --import tsx bench/signWaves.ts`: stamped `sign_raw_payload` in **waves** on
 * SQLite — `BENCH_WAVE_WIDTH` keep-alive sockets (64) each send one request, all are answered, repeat
 * `BENCH_WAVES` times (300) after 100 waves of warm-up — and prints the server's CPU per request for all
 * threads, the event loop, and each thread (`/proc/<pid>/task/<tid>/schedstat`).
 *
 * `BENCH_WAVE_TARGET=floor` sends the same waves to the bench's floor server (`floorServer.ts`, with its durable
 * SQLite insert) instead, for the per-thread figures of what the machine allows next to Sigil's;
 * `BENCH_WAVE_TARGET=custody` sends them to the custody floor (`FLOOR_STORE=custody`: key lookup and vault open).
 *
 * For A/B comparisons on a shared machine: in the closed-loop bench the batch sizes (requests per turn of
 * the event loop, rows per group commit) follow whatever speed the other jobs leave the server, and the CPU
 * per request moves with them; here every wave has the same shape. Linux only.
 */
import { spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { buildSignRequests } from './buildSignRequests.js'
import { parseHttpResponse } from './parseHttpResponse.js'
import { provisionBenchUser } from './provisionBenchUser.js'
import { readProcessUsage } from './readProcessUsage.js'
import { startBenchServer } from './startBenchServer.js'
import { toCompressedPublicKey } from './toCompressedPublicKey.js'

const width = Number(process.env.BENCH_WAVE_WIDTH ?? 64)
const waves = Number(process.env.BENCH_WAVES ?? 300)
const warmUpWaves = 100
const serverEnv: Record<string, string> = process.env.BENCH_CPU_PROFILE_DIR
  ? {
      NODE_OPTIONS: `--import tsx --import ${fileURLToPath(new URL('./profileCpuPreload.ts', import.meta.url))}`,
    }
  : {}

/** Run time (ns) of each of a process's threads, by thread id. */
function readThreadRunTimes(pid: number): Map<string, number> {
  const times = new Map<string, number>()
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      times.set(thread, Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]))
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times
}

type WaveTarget = {
  url: string
  pid: number
  template: Parameters<typeof buildSignRequests>[0]['template']
  stop(): Promise<void>
}

/** The real server with a provisioned user, or the floor server with a throw-away P-256 key. */
async function startTarget(): Promise<WaveTarget> {
  const target = process.env.BENCH_WAVE_TARGET
  if (target === 'floor' || target === 'custody') {
    const path = fileURLToPath(new URL('./floorServer.ts', import.meta.url))
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const identity = {
      organizationId: 'floor-organization',
      signWith: '0x00000000000000000000000000000000000000a1',
      publicKey: toCompressedPublicKey(publicKey),
    }
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path], {
      env: {
        ...process.env,
        ...serverEnv,
        FLOOR_STORE: target === 'custody' ? 'custody' : 'sqlite',
        FLOOR_API_PUBLIC_KEY: identity.publicKey,
        FLOOR_ORGANIZATION_ID: identity.organizationId,
        FLOOR_SIGN_WITH: identity.signWith,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk
        const match = output.match(/floor listening on (http:\/\/\S+)/)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)))
    })
    return {
      url,
      pid: child.pid!,
      template: { host: new URL(url).host, ...identity, privateKey },
      stop: () =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    }
  }
  const server = await startBenchServer({ store: 'sqlite', databaseUrl: '', serverEnv })
  const user = await provisionBenchUser(server)
  return {
    url: server.url,
    pid: server.pid,
    template: {
      host: new URL(server.url).host,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
      publicKey: user.publicKey,
      privateKey: user.privateKey,
    },
    stop: () => server.stop(),
  }
}

const server = await startTarget()
try {
  const requests = await buildSignRequests({
    template: server.template,
    count: width * (waves + warmUpWaves),
  })
  const { hostname, port } = new URL(server.url)
  const sockets = await Promise.all(
    Array.from(
      { length: width },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(socket))
        }),
    ),
  )
  let next = 0
  let errors = 0
  const sendWave = () =>
    Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            let received = Buffer.alloc(0)
            const onData = (chunk: Buffer) => {
              received = Buffer.concat([received, chunk])
              const response = parseHttpResponse(received)
              if (!response) return
              if (response.status !== 200) errors++
              socket.off('data', onData)
              socket.off('close', onClose)
              resolve()
            }
            const onClose = () => reject(new Error('the server closed a connection before its answer'))
            socket.on('data', onData)
            socket.once('close', onClose)
            socket.write(requests[next++]!)
          }),
      ),
    )
  for (let wave = 0; wave < warmUpWaves; wave++) await sendWave()

  const threadsBefore = readThreadRunTimes(server.pid)
  const before = readProcessUsage(server.pid)
  const started = performance.now()
  for (let wave = 0; wave < waves; wave++) await sendWave()
  const elapsedMs = performance.now() - started
  const after = readProcessUsage(server.pid)
  const threadsAfter = readThreadRunTimes(server.pid)
  for (const socket of sockets) socket.destroy()

  const count = waves * width
  const perRequest = (seconds: number) => ((seconds * 1000) / count).toFixed(3)
  console.log(
    `waves ${waves} × ${width}: ${Math.round((count / elapsedMs) * 1000)} req/s, errors ${errors}; server CPU ` +
      `${perRequest(after.cpuSeconds - before.cpuSeconds)} ms/req, event loop ` +
      `${perRequest(after.mainThreadCpuSeconds - before.mainThreadCpuSeconds)}`,
  )
  const threads = [...threadsAfter]
    .map(([thread, ns]) => [thread, (ns - (threadsBefore.get(thread) ?? 0)) / 1000 / count] as const)
    .filter(([, microseconds]) => microseconds >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([thread, microseconds]) =>
        `${thread === String(server.pid) ? 'event loop' : thread} ${microseconds.toFixed(1)}`,
    )
  console.log(`  µs per request by thread: ${threads.join(', ')}`)
} finally {
  await server.stop()
}
