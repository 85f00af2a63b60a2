import type { Server } from 'node:http'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { createSigilServer } from '../createSigilServer.js'
import { isLoopbackHost } from '../mail/isLoopbackHost.js'
import { parseAdminListener } from '../observability/parseAdminListener.js'
import { serveAdmin } from '../observability/serveAdmin.js'
import { type SolanaWebsocketCompanion, solanaWebsocketCompanion } from '../rpc/solanaWebsocketCompanion.js'
import { startUsage } from './cliUsage.js'
import { devAppOrigin, ensureDevApp } from './ensureDevApp.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'
import { stopGracefully } from './stopGracefully.js'

/** Why `start` without `--dev` and without `SMTP_URL` refuses to run, and what to set. */
export const noMailDeliveryMessage =
  'no way to deliver sign-in mail: set SMTP_URL (smtp://user:pass@host:port or smtps://…) to run in production, or pass --dev for local development (the dev mailbox, localhost passkeys and a dev app; never on a reachable server)'

/**
 * `sigil-server start`: runs the HTTP server until SIGINT/SIGTERM. Without `--dev` it runs as in
 * production: `SMTP_URL` is required (else it exits 1 with {@link noMailDeliveryMessage}), there is no
 * dev mailbox and no localhost passkey default. `--dev` turns those on and makes the dev app, and opens the
 * Solana websocket's port + 1 for web3.js 1.x (`--solana-websocket-port N` opens one anywhere).
 */
export async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      ...commonOptions,
      port: { type: 'string' },
      host: { type: 'string' },
      dev: { type: 'boolean' },
      'dev-app-origin': { type: 'string' },
      chains: { type: 'string' },
      'allow-insecure-key-file': { type: 'boolean' },
      'solana-websocket-port': { type: 'string' },
      'admin-port': { type: 'string' },
      'admin-host': { type: 'string' },
    },
    strict: true,
  })
  if (values.help) return void console.log(startUsage)
  const port = Number(values.port ?? process.env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0-65535, got ${values.port}`)
  const host = values.host ?? process.env.HOST ?? '127.0.0.1'
  const dev = values.dev === true
  const websocketPort =
    values['solana-websocket-port'] === undefined ? undefined : Number(values['solana-websocket-port'])
  if (
    websocketPort !== undefined &&
    (!Number.isInteger(websocketPort) || websocketPort < 1 || websocketPort > 65_535)
  )
    throw new Error(`--solana-websocket-port must be 1-65535, got ${values['solana-websocket-port']}`)
  const adminListener = parseAdminListener({ port: values['admin-port'], host: values['admin-host'] })
  if (!dev && !process.env.SMTP_URL) throw new Error(noMailDeliveryMessage)
  const app = await createSigilServer({
    ...storeLocation(values),
    dev,
    ...(values['allow-insecure-key-file'] ? { allowInsecureKeyFile: true } : {}),
    ...(values.chains ? { chainsFile: values.chains } : {}),
  })
  const server = serve({ fetch: app.fetch, port, hostname: host })
  app.websockets.attach(server as Server)
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
  console.log(`Sigil server listening on ${url}`)
  console.log(
    `  store: ${app.sigil.store.dialect === 'sqlite' ? `SQLite in ${app.sigil.config.dataDir}` : 'PostgreSQL'}`,
  )
  console.log(`  root organization: ${app.sigil.rootOrganizationId}`)
  console.log(`  export signer public key: ${app.sigil.exportSignerPublicKey}`)
  for (const chain of app.sigil.config.chains) console.log(`  RPC gateway: ${url}/rpc/${chain.id}`)
  const companion = await openSolanaWebsocketPort(app, {
    url,
    port: actualPort,
    host,
    dev,
    websocketPort,
  }).catch(async (error: Error) => {
    server.close()
    await app.close()
    throw error
  })
  // /metrics, /healthz and /readyz on their own port, loopback unless --admin-host says otherwise.
  const admin = adminListener
    ? await serveAdmin(app.sigil, adminListener).catch(async (error: Error) => {
        server.close()
        void companion?.close()
        await app.close()
        throw error
      })
    : undefined
  if (admin) console.log(`  admin: ${admin.url}/metrics (and /healthz, /readyz)`)
  const { trustedProxies } = app.sigil.config
  console.log(
    trustedProxies.entries.length > 0
      ? `  trusted proxies: ${trustedProxies.entries.join(', ')} (their X-Forwarded-For / Forwarded name the client)`
      : '  trusted proxies: none (per-IP limits count the socket address; set SIGIL_TRUSTED_PROXIES behind a proxy)',
  )
  if (app.sigil.config.devMailbox)
    console.log(`  dev mailbox: ${url}/dev/mailbox (sign-in mail is kept here, not sent)`)
  if (dev) {
    console.log(
      '  dev mode: dev mailbox (loopback only), localhost passkeys, dev app; never expose this server',
    )
    if (!isLoopbackHost(host))
      console.warn(`WARNING: --dev while listening on ${host}: dev mode is for a developer's machine only`)
    const origin = values['dev-app-origin'] ?? devAppOrigin
    const devApp = await ensureDevApp(app, { origin })
    console.log(`  dev app (origin ${origin}): appId ${devApp.appId}`)
    console.log(`  dev app API key: ${devApp.apiKey}${devApp.created ? ' (new)' : ''}`)
  }
  console.log('  stop with Ctrl-C')
  // SIGTERM/SIGINT: stop accepting, answer what is in flight, flush writes, exit 0 (docs/deploy.md#shutdown).
  stopGracefully({
    server: server as Server,
    logger: app.sigil.logger,
    close: async () => {
      await Promise.all([companion?.close(), admin?.close()])
      await app.close()
    },
  })
}

/**
 * The extra listener for web3.js 1.x, which looks for the websocket of a URL with an explicit port on that
 * port + 1 (docs/protocol.md#solana-websocket): on `--solana-websocket-port N` when the operator asks for
 * it (start fails when N cannot be opened), on port + 1 in dev mode (a warning when that port is taken, so
 * the demo's `http://localhost:8787/rpc/solana-localnet` works), and none otherwise: in production an
 * unasked-for open port is a surprise, and behind a TLS proxy on 443 the URL has no port, so the websocket
 * is the same path on the same port. Prints where the Solana websocket is.
 */
async function openSolanaWebsocketPort(
  app: Awaited<ReturnType<typeof createSigilServer>>,
  options: { url: string; port: number; host: string; dev: boolean; websocketPort: number | undefined },
) {
  const { url, port, host, dev, websocketPort } = options
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
        void console.warn(
          `WARNING: port ${port + 1} (${error.code ?? error.message}): web3.js 1.x clients of ${url}${path} need wsEndpoint: ${same}`,
        ),
    )
  console.log(
    companion
      ? `  Solana websocket: ${same} (and ${companion.url}${path}, where web3.js 1.x looks)`
      : `  Solana websocket: ${same}${dev ? '' : ' (web3.js 1.x given a URL with a port looks on port + 1: pass wsEndpoint, or start with --solana-websocket-port)'}`,
  )
  return companion
}
