import { connect } from 'node:net'
import { DevnetError } from '../errors/DevnetError.js'

/**
 * Refuses a port on which something already accepts connections (a stale anvil or alto, another node), so the
 * devnet never talks to a stranger's server.
 */
export async function assertPortFree(port: number, what: string): Promise<void> {
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
  if (answers)
    throw new DevnetError(`Port ${port} is already in use`, {
      details: `something already answers on 127.0.0.1:${port}; stop it or choose another port for the ${what}`,
    })
}
