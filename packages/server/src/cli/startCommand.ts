import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { createSigilServer } from '../createSigilServer.js'
import { devAppOrigin, ensureDevApp } from './ensureDevApp.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

export const startUsage = `sigil-server start [--port 8787] [--host 127.0.0.1] [--dev [--dev-app-origin http://localhost:5173]] [--chains chains.json] [--data-dir ./.sigil] [--database-url URL]`

/** `sigil-server start`: runs the HTTP server until SIGINT/SIGTERM. */
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
    },
    strict: true,
  })
  if (values.help) return void console.log(startUsage)
  const port = Number(values.port ?? process.env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0-65535, got ${values.port}`)
  const host = values.host ?? process.env.HOST ?? '127.0.0.1'
  const app = await createSigilServer({
    ...storeLocation(values),
    ...(values.chains ? { chainsFile: values.chains } : {}),
  })
  const server = serve({ fetch: app.fetch, port, hostname: host })
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
  if (app.sigil.config.devMailbox)
    console.log(`  dev mailbox: ${url}/dev/mailbox (sign-in mail is kept here, not sent)`)
  if (values.dev) {
    const origin = values['dev-app-origin'] ?? devAppOrigin
    const dev = await ensureDevApp(app, { origin })
    console.log(`  dev app (origin ${origin}): appId ${dev.appId}`)
    console.log(`  dev app API key: ${dev.apiKey}${dev.created ? ' (new)' : ''}`)
  }
  console.log('  stop with Ctrl-C')
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    server.close()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
