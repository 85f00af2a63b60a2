import { Worker } from 'node:worker_threads'

/**
 * Starts a worker thread on a TypeScript module. Node 20 does not pass the parent's `--import tsx`
 * hooks to workers, so the worker first registers tsx, then imports the module.
 *
 * @example
 * const worker = startTypeScriptWorker(new URL('./ceilingWorker.ts', import.meta.url), { task: 'sign' })
 */
export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}) })`
  return new Worker(code, { eval: true, workerData })
}

/**
 * Runs a worker to its single answer.
 *
 * @example
 * const { count } = await runTypeScriptWorker<{ count: number }>(new URL('./ceilingWorker.ts', import.meta.url), data)
 */
export function runTypeScriptWorker<T>(module: URL, workerData: unknown): Promise<T> {
  const worker = startTypeScriptWorker(module, workerData)
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (message: T) => {
      resolve(message)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code} before answering`)))
  })
}
