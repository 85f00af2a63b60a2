import { buildSignRequests } from './buildSignRequests.js'
import type { BenchUser } from './provisionBenchUser.js'
import { readProcessUsage } from './readProcessUsage.js'
import { type RunLoadReturnType, runLoad } from './runLoad.js'
import { type MemorySample, sampleProcessMemory } from './sampleProcessMemory.js'
import type { BenchServer } from './startBenchServer.js'

export type MeasureSignLevelParameters = {
  server: BenchServer
  user: BenchUser
  concurrency: number
  durationMs: number
  /** A rate the server cannot exceed (the compute ceiling): requests are pre-built for it. */
  maxRequestsPerSecond: number
  /** How often the server's RSS is sampled. Default 100 ms. */
  sampleIntervalMs?: number
}

export type SignLevelResult = RunLoadReturnType & {
  concurrency: number
  /** Highest server RSS sampled during the level. */
  peakRssBytes: number
  /** Server RSS every `sampleIntervalMs` from the start of the level. */
  memorySamples: MemorySample[]
  /** Server CPU time over wall time during the level (100% = one core). */
  serverCpuPercent: number
  /** Server CPU time per successful request, all threads and the main thread (event loop) alone. */
  serverCpuMsPerRequest: { all: number; mainThread: number }
  /** This process's (the load generator's) CPU time over wall time during the level. */
  clientCpuPercent: number
}

/**
 * One load level: pre-builds unique stamped sign requests for the whole duration, then drives the
 * server with `concurrency` clients while sampling its memory and CPU. A success is a 200 whose
 * activity is COMPLETED.
 *
 * @example
 * const level = await measureSignLevel({ server, user, concurrency: 64, durationMs: 10_000, maxRequestsPerSecond })
 */
export async function measureSignLevel(parameters: MeasureSignLevelParameters): Promise<SignLevelResult> {
  const { server, user, concurrency, durationMs, maxRequestsPerSecond, sampleIntervalMs = 100 } = parameters
  const requests = await buildSignRequests({
    template: {
      host: new URL(server.url).host,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
      publicKey: user.publicKey,
      privateKey: user.privateKey,
    },
    count: Math.ceil((maxRequestsPerSecond * durationMs) / 1000) + concurrency,
  })
  const sampler = sampleProcessMemory(server.pid, sampleIntervalMs)
  const serverBefore = readProcessUsage(server.pid)
  const clientCpuBefore = process.cpuUsage()
  const result = await runLoad({
    url: server.url,
    requests,
    concurrency,
    durationMs,
    isSuccess: isCompletedActivity,
  })
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const serverAfter = readProcessUsage(server.pid)
  const serverCpuSeconds = serverAfter.cpuSeconds - serverBefore.cpuSeconds
  const mainThreadCpuSeconds = serverAfter.mainThreadCpuSeconds - serverBefore.mainThreadCpuSeconds
  const { samples: memorySamples, peakRssBytes } = sampler.stop()
  return {
    ...result,
    concurrency,
    peakRssBytes,
    memorySamples,
    serverCpuPercent: (serverCpuSeconds / (result.elapsedMs / 1000)) * 100,
    serverCpuMsPerRequest: {
      all: (serverCpuSeconds * 1000) / result.succeeded,
      mainThread: (mainThreadCpuSeconds * 1000) / result.succeeded,
    },
    clientCpuPercent: ((clientCpu.user + clientCpu.system) / 1000 / result.elapsedMs) * 100,
  }
}

/** A 200 answer whose activity is COMPLETED with a signature. */
export function isCompletedActivity(status: number, body: Buffer): boolean {
  if (status !== 200) return false
  try {
    const { activity } = JSON.parse(body.toString('utf8')) as {
      activity?: { status?: string; result?: { signRawPayloadResult?: { r?: string } } }
    }
    return activity?.status === 'ACTIVITY_STATUS_COMPLETED' && !!activity.result?.signRawPayloadResult?.r
  } catch {
    return false
  }
}
