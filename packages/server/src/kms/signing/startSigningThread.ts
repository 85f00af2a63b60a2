import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { signingThreadSource } from './signingThreadSource.js'

export type SigningThread = {
  /**
   * Signs a 32-byte digest with a secp256k1 key on the signing thread, as `secp256k1.ecdsaSign` does.
   * The key is copied into a buffer that moves to the thread and is wiped there; the caller still wipes
   * its own.
   */
  sign(message: Uint8Array, privateKey: Uint8Array): Promise<{ signature: Uint8Array; recid: number }>
  close(): Promise<void>
}

type Job = {
  privateKey: ArrayBuffer
  message: Uint8Array
  resolve: (result: { signature: Uint8Array; recid: number }) => void
  reject: (error: unknown) => void
}

const secp256k1Path = createRequire(import.meta.url).resolve('secp256k1')

/**
 * A worker thread for the secp256k1 signatures of `sign_raw_payload(s)`: a signature costs the
 * event loop about a quarter of a signing request, and on a machine with a spare core the thread runs
 * it there. Signatures asked for in the same turn of the event loop travel in one message.
 *
 * @example
 * const signing = await startSigningThread()
 * const { signature, recid } = await signing.sign(digest, privateKey)
 * await signing.close()
 */
export async function startSigningThread(): Promise<SigningThread> {
  const worker = new Worker(signingThreadSource, { eval: true, workerData: { secp256k1Path } })
  const pending = new Map<number, Job[]>()
  let queued: Job[] = []
  let nextId = 0
  let failure: Error | undefined

  const failAll = (error: Error) => {
    failure ??= error
    for (const jobs of pending.values()) for (const job of jobs) job.reject(error)
    pending.clear()
    for (const job of queued) job.reject(error)
    queued = []
  }
  worker.on(
    'message',
    ({
      id,
      results,
    }: {
      id: number
      results: ({ signature: Uint8Array; recid: number } | { error: string })[]
    }) => {
      const jobs = pending.get(id) ?? []
      pending.delete(id)
      jobs.forEach((job, index) => {
        const result = results[index]
        if (!result || 'error' in result)
          job.reject(new Error(result?.error ?? 'the signing thread gave no result'))
        else job.resolve(result)
      })
    },
  )
  worker.on('error', (error) => failAll(new Error('the signing thread failed', { cause: error })))
  worker.on('exit', () => failAll(new Error('the signing thread has stopped')))

  const flush = () => {
    const jobs = queued
    queued = []
    if (jobs.length === 0) return
    const id = nextId++
    pending.set(id, jobs)
    worker.postMessage(
      { id, jobs: jobs.map(({ privateKey, message }) => ({ privateKey, message })) },
      jobs.map((job) => job.privateKey),
    )
  }

  const thread: SigningThread = {
    sign(message, privateKey) {
      if (failure) return Promise.reject(failure)
      return new Promise((resolve, reject) => {
        const copy = new ArrayBuffer(privateKey.length)
        new Uint8Array(copy).set(privateKey)
        if (queued.length === 0) setImmediate(flush)
        queued.push({ privateKey: copy, message, resolve, reject })
      })
    },
    async close() {
      flush()
      await worker.terminate()
    },
  }
  // Fails here, not at the first request, when the thread cannot load libsecp256k1: one signature with
  // the key 1 (a valid scalar).
  const one = new Uint8Array(32)
  one[31] = 1
  await thread.sign(new Uint8Array(32).fill(7), one)
  return thread
}
