import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SolanaWebsocketGateway } from './solanaWebsocketGateway.js'

export type SolanaWebsocketCompanion = {
  /** `ws://<host>:<port>` */
  url: string
  close(): Promise<void>
}

/**
 * Listens on `port` of `host` for the gateway's Solana websocket only: web3.js 1.x derives its websocket
 * URL from an HTTP URL with an explicit port as that port + 1 (a validator's layout), so
 * `http://localhost:8787/rpc/solana-localnet` makes it connect to `ws://localhost:8788/rpc/solana-localnet`
 * (docs/protocol.md#solana-websocket). `sigil-server start --dev` opens it next to its port, and
 * `--solana-websocket-port N` on N; a deployment on the standard port needs none (no port in the URL:
 * web3.js keeps the port). Plain HTTP here is 426.
 *
 * @example
 * const companion = await solanaWebsocketCompanion(app.websockets, { port: 8788, host: '127.0.0.1' })
 * await companion.close()
 */
export async function solanaWebsocketCompanion(
  websockets: SolanaWebsocketGateway,
  { port, host }: { port: number; host: string },
): Promise<SolanaWebsocketCompanion> {
  const server = createServer((_request, response) => {
    const body = JSON.stringify({
      error: 'this port serves only the Solana websocket of /rpc/solana-…; HTTP is on the port below it',
      code: 'UPGRADE_REQUIRED',
    })
    response.writeHead(426, { 'content-type': 'application/json', connection: 'close' }).end(body)
  })
  websockets.attach(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const listening = (server.address() as AddressInfo).port
  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
