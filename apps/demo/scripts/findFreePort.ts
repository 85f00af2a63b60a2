import { createServer } from 'node:net'

/**
 * `port` as it is, or for `0` a port that is free on 127.0.0.1 now (for processes that want a fixed
 * port number on their command line).
 *
 * @example
 * const port = await findFreePort(0) // e.g. 41893
 */
export async function findFreePort(port: number): Promise<number> {
  if (port !== 0) return port
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}
