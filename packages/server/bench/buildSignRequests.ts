import { availableParallelism } from 'node:os'
import type { BuildSignRequestsTask, BuildSignRequestsTaskResult } from './buildSignRequestsWorker.js'
import type { SignRequestTemplate } from './createSignRequest.js'
import { runTypeScriptWorker } from './startTypeScriptWorker.js'

export type BuildSignRequestsParameters = {
  template: SignRequestTemplate
  count: number
  /** Worker threads stamping in parallel. Default `os.availableParallelism()`. */
  threads?: number
}

/**
 * Pre-builds `count` unique stamped sign requests on every core, before a load level starts, so the
 * load generator spends no CPU on stamping while the server is measured.
 *
 * @example
 * const requests = await buildSignRequests({ template, count: 100_000 })
 */
export async function buildSignRequests(parameters: BuildSignRequestsParameters): Promise<Buffer[]> {
  const { template, count, threads = availableParallelism() } = parameters
  const shares = Array.from(
    { length: threads },
    (_, index) => Math.floor(count / threads) + (index < count % threads ? 1 : 0),
  ).filter((share) => share > 0)
  const results = await Promise.all(
    shares.map((share) =>
      runTypeScriptWorker<BuildSignRequestsTaskResult>(
        new URL('./buildSignRequestsWorker.ts', import.meta.url),
        {
          template,
          count: share,
        } satisfies BuildSignRequestsTask,
      ),
    ),
  )
  return results.flatMap(({ bytes, ends }) => {
    const joined = Buffer.from(bytes)
    let start = 0
    return Array.from(ends, (end) => {
      const request = joined.subarray(start, end)
      start = end
      return request
    })
  })
}
