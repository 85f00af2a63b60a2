import type { AddressInfo } from 'node:net'
import { connect, createServer, type Socket } from 'node:net'

export type CountingTcpProxy = {
  /** `127.0.0.1:<port>` of the proxy. */
  host: string
  /** Connections open through the proxy now. */
  open(): number
  /** Connections accepted since it started. */
  accepted(): number
  close(): Promise<void>
}

/**
 * Tests: a TCP proxy on 127.0.0.1 in front of `target` (`host:port`) that counts the connections made
 * through it, to see from outside the server how many sockets it holds at a node (a connection counts
 * as open until either side closes it).
 *
 * @example
 * const proxy = await startCountingTcpProxy('127.0.0.1:8899')
 * const chain = { type: 'solana', id: 'solana-localnet', rpcUrl, wsUrl: `ws://${proxy.host}` }
 * proxy.open() // 0
 * await proxy.close()
 */
export async function startCountingTcpProxy(target: string): Promise<CountingTcpProxy> {
  const url = new URL(`tcp://${target}`)
  const sockets = new Set<Socket>()
  let accepted = 0
  const server = createServer((incoming) => {
    accepted++
    sockets.add(incoming)
    const outgoing = connect(Number(url.port), url.hostname)
    sockets.add(outgoing)
    let counted = true
    const end = () => {
      if (counted) {
        counted = false
        sockets.delete(incoming)
        sockets.delete(outgoing)
      }
      incoming.destroy()
      outgoing.destroy()
    }
    for (const socket of [incoming, outgoing]) {
      socket.once('close', end)
      socket.on('error', end)
    }
    incoming.pipe(outgoing)
    outgoing.pipe(incoming)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => sockets.size / 2,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
