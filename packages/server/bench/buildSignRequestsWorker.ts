import { parentPort, workerData } from 'node:worker_threads'
import { createSignRequest, type SignRequestTemplate } from './createSignRequest.js'

export type BuildSignRequestsTask = { template: SignRequestTemplate; count: number }
/** All requests back to back in one transferable buffer; `ends[i]` is where request `i` ends. */
export type BuildSignRequestsTaskResult = { bytes: ArrayBuffer; ends: Uint32Array }

function buildSignRequestsTask({ template, count }: BuildSignRequestsTask): BuildSignRequestsTaskResult {
  const requests = Array.from({ length: count }, () => createSignRequest(template))
  const joined = Buffer.concat(requests)
  const ends = new Uint32Array(count)
  let end = 0
  requests.forEach((request, index) => {
    end += request.length
    ends[index] = end
  })
  const bytes = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length)
  return { bytes, ends }
}

const result = buildSignRequestsTask(workerData as BuildSignRequestsTask)
parentPort!.postMessage(result, [result.bytes, result.ends.buffer as ArrayBuffer])
