import { spawnSync } from 'node:child_process'
import { createServer, Socket } from 'node:net'

/** The nginx binary: on the PATH, or where Debian puts it (`apt-get install nginx-light`). */
export function findNginx(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx'])
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate
  throw new Error('nginx is not installed (apt-get install nginx-light; .ci/run installs it)')
}

/** A port of 127.0.0.1 free at the moment of asking. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Whether something accepts connections on `port` of 127.0.0.1 now. */
export const acceptsConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket()
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.connect(port, '127.0.0.1')
  })
