import { createServer } from 'node:net'

/**
 * Ports handed to child processes come from 10000–32767, below Linux's ephemeral range (32768–60999): a listener
 * on port 0 or an outgoing connection elsewhere on the machine can never take one between our check and the
 * child's bind, and a connect to a port nobody listens on cannot land on itself (TCP self-connect).
 */
const lowest = 10_000
const highest = 32_767
/** Each Vitest worker (VITEST_POOL_ID 1, 2, …) draws from its own slice, so parallel test files never collide. */
const slices = 16
const sliceSize = Math.floor((highest - lowest + 1) / slices)
const handedOut = new Set<number>()
let cursor: number | undefined

/**
 * A TCP port free on 127.0.0.1 now, for a process that wants its port on the command line (anvil, alto). Never
 * the same port twice in one process.
 *
 * @example
 * const port = await getFreePort() // e.g. 21417
 */
export async function getFreePort(): Promise<number> {
  const slice = (Number(process.env.VITEST_POOL_ID ?? 0) || Math.floor(Math.random() * slices)) % slices
  const first = lowest + slice * sliceSize
  cursor ??= Math.floor(Math.random() * sliceSize)
  for (let tried = 0; tried < sliceSize; tried++) {
    const port = first + (cursor++ % sliceSize)
    if (handedOut.has(port) || !(await canListen(port))) continue
    handedOut.add(port)
    return port
  }
  throw new Error(`no free port in ${first}-${first + sliceSize - 1}`)
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer()
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()))
  return listening
}
