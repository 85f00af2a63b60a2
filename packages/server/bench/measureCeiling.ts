import { availableParallelism } from 'node:os'
import type { CeilingTask, CeilingTaskResult } from './ceilingWorker.js'
import { runTypeScriptWorker } from './startTypeScriptWorker.js'

export type MeasureCeilingParameters = {
  /** How long each primitive runs on every core. Default 2000 ms. */
  durationMs?: number
  /** Worker threads (one per core). Default `os.availableParallelism()`. */
  threads?: number
}

export type MeasureCeilingReturnType = {
  threads: number
  /** libsecp256k1 ECDSA signs per second over all threads (what a sign_raw_payload costs). */
  signsPerSecond: number
  /** OpenSSL P-256 verifies per second over all threads (what checking an X-Stamp costs). */
  verifiesPerSecond: number
  /** One sign plus one verify per request, all cores busy: 1 / (1/sign + 1/verify). */
  requestsPerSecond: number
}

/**
 * The compute ceiling of a stamped signing request on this machine, measured now: native secp256k1
 * signs and OpenSSL P-256 verifies, each with one worker thread per core for a fixed time.
 *
 * @example
 * const { requestsPerSecond } = await measureCeiling({ durationMs: 2000 })
 */
export async function measureCeiling(
  parameters: MeasureCeilingParameters = {},
): Promise<MeasureCeilingReturnType> {
  const { durationMs = 2000, threads = availableParallelism() } = parameters
  const rate = async (operation: CeilingTask['operation']) => {
    const results = await Promise.all(
      Array.from({ length: threads }, () =>
        runTypeScriptWorker<CeilingTaskResult>(new URL('./ceilingWorker.ts', import.meta.url), {
          operation,
          durationMs,
        } satisfies CeilingTask),
      ),
    )
    return results.reduce((sum, { operations, elapsedMs }) => sum + operations / (elapsedMs / 1000), 0)
  }
  const signsPerSecond = await rate('sign')
  const verifiesPerSecond = await rate('verify')
  return {
    threads,
    signsPerSecond,
    verifiesPerSecond,
    requestsPerSecond: 1 / (1 / signsPerSecond + 1 / verifiesPerSecond),
  }
}
