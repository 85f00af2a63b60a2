import cluster from 'node:cluster'
import { parseArgs } from 'node:util'
import { parseAdminListener } from '../observability/parseAdminListener.js'
import { serveAdmin } from '../observability/serveAdmin.js'
import { startUsage } from './cliUsage.js'
import { devAppOrigin, ensureDevApp } from './ensureDevApp.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'
import { parseWorkers } from './parseWorkers.js'
import type { StartOptions } from './StartOptions.js'
import { startListening } from './startListening.js'
import { stopGracefully } from './stopGracefully.js'
import { whenConnectionsEnd } from './whenConnectionsEnd.js'

/** Why `start` without `--dev` and without `SMTP_URL` refuses to run, and what to set. */
export const noMailDeliveryMessage =
  'no way to deliver sign-in mail: set SMTP_URL (smtp://user:pass@host:port or smtps://…) to run in production, or pass --dev for local development (the dev mailbox, localhost passkeys and a dev app; never on a reachable server)'

/**
 * `sigil-server start`: runs the HTTP server until SIGINT/SIGTERM. Without `--dev` it runs as in
 * production: `SMTP_URL` is required (else it exits 1 with {@link noMailDeliveryMessage}), there is no
 * dev mailbox and no localhost passkey default. `--dev` turns those on and makes the dev app, and opens the
 * Solana websocket's port + 1 for web3.js 1.x (`--solana-websocket-port N` opens one anywhere).
 * `--workers N` (or `SIGIL_WORKERS`, `auto` for the cores) runs N processes on the one port through
 * `node:cluster` (`runPrimary`, `runWorker`).
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
      workers: { type: 'string' },
    },
    strict: true,
  })
  if (values.help) return void console.log(startUsage)
  const port = Number(values.port ?? process.env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0-65535, got ${values.port}`)
  const dev = values.dev === true
  const websocketPort =
    values['solana-websocket-port'] === undefined ? undefined : Number(values['solana-websocket-port'])
  if (
    websocketPort !== undefined &&
    (!Number.isInteger(websocketPort) || websocketPort < 1 || websocketPort > 65_535)
  )
    throw new Error(`--solana-websocket-port must be 1-65535, got ${values['solana-websocket-port']}`)
  const options: StartOptions = {
    config: {
      ...storeLocation(values),
      dev,
      ...(values['allow-insecure-key-file'] ? { allowInsecureKeyFile: true } : {}),
      ...(values.chains ? { chainsFile: values.chains } : {}),
    },
    port,
    host: values.host ?? process.env.HOST ?? '127.0.0.1',
    dev,
    devAppOrigin: values['dev-app-origin'] ?? devAppOrigin,
    websocketPort,
    adminListener: parseAdminListener({ port: values['admin-port'], host: values['admin-host'] }),
    workers: parseWorkers(values.workers),
  }
  if (!dev && !process.env.SMTP_URL) throw new Error(noMailDeliveryMessage)
  if (options.workers > 1 && cluster.isWorker) return (await import('./runWorker.js')).runWorker(options)
  if (options.workers > 1) return (await import('./runPrimary.js')).runPrimary(options)
  await runSingleProcess(options)
}

/** `start` as one process: the listener, the admin listener, the dev app, graceful shutdown. */
async function runSingleProcess(options: StartOptions): Promise<void> {
  const listening = await startListening(options)
  const { app, server, url } = listening
  const connectionsEnded = whenConnectionsEnd(server)
  console.log(`Sigil server listening on ${url}`)
  for (const note of listening.notes) console.log(note)
  // /metrics, /healthz and /readyz on their own port, loopback unless --admin-host says otherwise.
  const admin = options.adminListener
    ? await serveAdmin(app.sigil, options.adminListener).catch(async (error: Error) => {
        server.close()
        await listening.close()
        throw error
      })
    : undefined
  if (admin) console.log(`  admin: ${admin.url}/metrics (and /healthz, /readyz)`)
  for (const warning of listening.warnings) console.warn(warning)
  if (options.dev) {
    const devApp = await ensureDevApp(app, { origin: options.devAppOrigin })
    console.log(`  dev app (origin ${options.devAppOrigin}): appId ${devApp.appId}`)
    console.log(`  dev app API key: ${devApp.apiKey}${devApp.created ? ' (new)' : ''}`)
  }
  console.log('  stop with Ctrl-C')
  // SIGTERM/SIGINT: stop accepting, answer what is in flight, flush writes, exit 0 (docs/deploy.md#shutdown).
  stopGracefully({
    server,
    logger: app.sigil.logger,
    close: async () => {
      await Promise.all([admin?.close(), connectionsEnded()])
      await listening.close()
    },
  })
}
