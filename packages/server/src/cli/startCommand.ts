import type { Server } from 'node:http'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { createSigilServer } from '../createSigilServer.js'
import { isLoopbackHost } from '../mail/isLoopbackHost.js'
import { solanaWebsocketCompanion } from '../rpc/solanaWebsocketCompanion.js'
import { startUsage } from './cliUsage.js'
import { devAppOrigin, ensureDevApp } from './ensureDevApp.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/** Why `start` without `--dev` and without `SMTP_URL` refuses to run, and what to set. */
export const noMailDeliveryMessage =
  'no way to deliver sign-in mail: set SMTP_URL (smtp://user:pass@host:port or smtps://…) to run in production, or pass --dev for local development (the dev mailbox, localhost passkeys and a dev app; never on a reachable server)'

/**
 * `sigil-server start`: runs the HTTP server until SIGINT/SIGTERM. Without `--dev` it runs as in
 * production: `SMTP_URL` is required (else it exits 1 with {@link noMailDeliveryMessage}), there is no
 * dev mailbox and no localhost passkey default. `--dev` turns those on and makes the dev app.
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
    },
    strict: true,
  })
  if (values.help) return void console.log(startUsage)
  const port = Number(values.port ?? process.env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0-65535, got ${values.port}`)
  const host = values.host ?? process.env.HOST ?? '127.0.0.1'
  const dev = values.dev === true
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
  // web3.js 1.x looks for the websocket of a URL with an explicit port on port + 1.
  const solana = app.sigil.config.chains.find((chain) => chain.type === 'solana')
  const companion =
    solana && actualPort < 65_535
      ? await solanaWebsocketCompanion(app.websockets, { port: actualPort + 1, host }).catch(
          (error: NodeJS.ErrnoException) =>
            void console.warn(
              `WARNING: port ${actualPort + 1} (${error.code ?? error.message}): web3.js 1.x clients of ${url}/rpc/${solana.id} need wsEndpoint: ${url.replace('http', 'ws')}/rpc/${solana.id}`,
            ),
        )
      : undefined
  if (solana)
    console.log(
      `  Solana websocket: ${url.replace('http', 'ws')}/rpc/${solana.id}${companion ? ` (and ${companion.url}/rpc/${solana.id}, where web3.js 1.x looks)` : ''}`,
    )
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
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    server.close()
    void companion?.close()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
