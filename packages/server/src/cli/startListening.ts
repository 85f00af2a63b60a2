import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createSigilServer, type SigilServer } from '../createSigilServer.js'
import { isLoopbackHost } from '../mail/isLoopbackHost.js'
import type { SigilServerConfig } from '../resolveConfig.js'
import { type SolanaWebsocketCompanion, solanaWebsocketCompanion } from '../rpc/solanaWebsocketCompanion.js'

export type StartListeningParameters = {
  config: SigilServerConfig
  port: number
  host: string
  dev: boolean
  /** `--solana-websocket-port`: the extra Solana websocket listener for web3.js 1.x. */
  websocketPort: number | undefined
  /**
   * Asked just before listening, instead of `port`: a `--port 0` cluster worker asks its primary
   * (docs/deploy.md#workers).
   */
  choosePort?: () => Promise<number>
}

export type Listening = {
  app: SigilServer
  server: Server
  /** `http://HOST:PORT` with the port actually bound. */
  url: string
  port: number
  /** The lines `start` prints under `Sigil server listening on …`, and the warnings it prints. */
  notes: string[]
  warnings: string[]
  /** Closes the Solana websocket listener, then the app (writes, store); not the main listener. */
  close(): Promise<void>
}

/**
 * One server process of `sigil-server start`: builds the app, listens on `host:port` (in a `--workers`
 * cluster the port is shared through the primary), attaches the Solana websocket and opens its extra port.
 * Prints nothing: the caller prints `notes` and `warnings` once, whatever the number of workers.
 *
 * @example
 * const { url, notes } = await startListening({ config, port: 8787, host: '127.0.0.1', dev: false, websocketPort: undefined })
 */
export async function startListening(parameters: StartListeningParameters): Promise<Listening> {
  const { config, host, dev, websocketPort, choosePort } = parameters
  const app = await createSigilServer(config)
  const port = choosePort
    ? await choosePort().catch(async (error: Error) => {
        await app.close()
        throw error
      })
    : parameters.port
  const server = serve({ fetch: app.fetch, createServer: app.createServer, port, hostname: host }) as Server
  app.websockets.attach(server)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  }).catch(async (error: NodeJS.ErrnoException) => {
    await app.close()
    throw new Error(error.code === 'EADDRINUSE' ? `port ${port} on ${host} is already in use` : error.message)
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const url = `http://${host}:${actualPort}`
  if (!process.env.SIGIL_PUBLIC_URL) app.sigil.config.publicUrl = url.replace('127.0.0.1', 'localhost')
  const notes = [
    `  store: ${app.sigil.store.dialect === 'sqlite' ? `SQLite in ${app.sigil.config.dataDir}` : 'PostgreSQL'}`,
    `  root organization: ${app.sigil.rootOrganizationId}`,
    `  export signer public key: ${app.sigil.exportSignerPublicKey}`,
    ...app.sigil.config.chains.map((chain) => `  RPC gateway: ${url}/rpc/${chain.id}`),
  ]
  const warnings: string[] = []
  const companion = await openSolanaWebsocketPort(app, {
    url,
    port: actualPort,
    host,
    dev,
    websocketPort,
    notes,
    warnings,
  }).catch(async (error: Error) => {
    server.close()
    await app.close()
    throw error
  })
  const { trustedProxies } = app.sigil.config
  notes.push(
    trustedProxies.entries.length > 0
      ? `  trusted proxies: ${trustedProxies.entries.join(', ')} (their X-Forwarded-For / Forwarded name the client)`
      : '  trusted proxies: none (per-IP limits count the socket address; set SIGIL_TRUSTED_PROXIES behind a proxy)',
  )
  if (app.sigil.config.devMailbox)
    notes.push(`  dev mailbox: ${url}/dev/mailbox (sign-in mail is kept here, not sent)`)
  if (app.sigil.config.devSmsOutbox)
    notes.push(`  dev SMS outbox: ${url}/dev/sms (sign-in texts are kept here, not sent)`)
  if (dev) {
    notes.push(
      '  dev mode: dev mailbox (loopback only), localhost passkeys, dev app; never expose this server',
    )
    if (!isLoopbackHost(host))
      warnings.push(`WARNING: --dev while listening on ${host}: dev mode is for a developer's machine only`)
  }
  return {
    app,
    server,
    url,
    port: actualPort,
    notes,
    warnings,
    async close() {
      await companion?.close()
      await app.close()
    },
  }
}

/**
 * The extra listener for web3.js 1.x, which looks for the websocket of a URL with an explicit port on that
 * port + 1 (docs/protocol.md#solana-websocket): on `--solana-websocket-port N` when the operator asks for
 * it (start fails when N cannot be opened), on port + 1 in dev mode (a warning when that port is taken, so
 * the demo's `http://localhost:8787/rpc/solana-localnet` works), and none otherwise: in production an
 * unasked-for open port is a surprise, and behind a TLS proxy on 443 the URL has no port, so the websocket
 * is the same path on the same port. Notes where the Solana websocket is.
 */
async function openSolanaWebsocketPort(
  app: SigilServer,
  options: {
    url: string
    port: number
    host: string
    dev: boolean
    websocketPort: number | undefined
    notes: string[]
    warnings: string[]
  },
) {
  const { url, port, host, dev, websocketPort, notes, warnings } = options
  const solana = app.sigil.config.chains.find((chain) => chain.type === 'solana')
  if (!solana) {
    if (websocketPort !== undefined)
      throw new Error(
        '--solana-websocket-port needs a Solana chain (type "solana") in --chains or SIGIL_CHAINS',
      )
    return undefined
  }
  const path = `/rpc/${solana.id}`
  const same = `${url.replace('http', 'ws')}${path}`
  let companion: SolanaWebsocketCompanion | undefined
  if (websocketPort !== undefined)
    companion = await solanaWebsocketCompanion(app.websockets, { port: websocketPort, host }).catch(
      (error: NodeJS.ErrnoException) => {
        throw new Error(
          error.code === 'EADDRINUSE'
            ? `--solana-websocket-port ${websocketPort} on ${host} is already in use`
            : error.message,
        )
      },
    )
  else if (dev && port < 65_535)
    companion = await solanaWebsocketCompanion(app.websockets, { port: port + 1, host }).catch(
      (error: NodeJS.ErrnoException) =>
        void warnings.push(
          `WARNING: port ${port + 1} (${error.code ?? error.message}): web3.js 1.x clients of ${url}${path} need wsEndpoint: ${same}`,
        ),
    )
  notes.push(
    companion
      ? `  Solana websocket: ${same} (and ${companion.url}${path}, where web3.js 1.x looks)`
      : `  Solana websocket: ${same}${dev ? '' : ' (web3.js 1.x given a URL with a port looks on port + 1: pass wsEndpoint, or start with --solana-websocket-port)'}`,
  )
  return companion
}
