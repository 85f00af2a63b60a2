import { createServer } from 'node:net'

/** Asks the kernel for a free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export async function getFreePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port from the kernel')
  return address.port
}
