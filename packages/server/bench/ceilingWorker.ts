import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import secp256k1 from 'secp256k1'

/** What {@link measureCeiling} asks one worker thread to do. */
export type CeilingTask = { operation: 'sign' | 'verify'; durationMs: number }
export type CeilingTaskResult = { operations: number; elapsedMs: number }

/** A stamped body is about this long: a sign_raw_payload envelope with a 32-byte hex digest. */
const bodyBytes = 250

/** One worker of the ceiling measurement: repeats one primitive for a fixed time and counts. */
function runCeilingTask({ operation, durationMs }: CeilingTask): CeilingTaskResult {
  let step: () => void
  if (operation === 'sign') {
    const privateKey = randomBytes(32)
    const digests = Array.from({ length: 64 }, () => randomBytes(32))
    let index = 0
    step = () => {
      secp256k1.ecdsaSign(digests[index++ & 63]!, privateKey)
    }
  } else {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const publicKey = keys.publicKey
    const body = randomBytes(bodyBytes)
    const signature = sign('sha256', body, keys.privateKey)
    step = () => {
      if (!verify('sha256', body, publicKey, signature)) throw new Error('ceiling: verify failed')
    }
  }
  let operations = 0
  const started = performance.now()
  const deadline = started + durationMs
  while (performance.now() < deadline) {
    for (let i = 0; i < 50; i++) step()
    operations += 50
  }
  return { operations, elapsedMs: performance.now() - started }
}

parentPort!.postMessage(runCeilingTask(workerData as CeilingTask))
