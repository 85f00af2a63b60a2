import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, type SolanaDevnet, startDevnet, startSolanaDevnet } from '@sigil/devnet'
import { Redis } from 'ioredis'
import { createApp } from '../../src/apps/createApp.js'
import { startTestSmtpServer, type TestSmtpServer } from '../../src/auth/email/test/startTestSmtpServer.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import { createSolanaSponsorPolicy } from '../../src/sponsor/solana/createSolanaSponsorPolicy.js'
import { createTestStore, type TestStore } from '../../src/store/test/storeDialects.js'
import { testMasterKey } from '../../src/test/createTestServer.js'
import { freePort } from '../../src/test/localPorts.js'
import { runCli, type SpawnedServer, spawnServer } from '../../src/test/spawnServer.js'
import { createTlsFetch } from './createTlsFetch.js'
import { generateTestCertificate, type TestCertificate } from './generateTestCertificate.js'
import { startTlsProxy, type TlsProxy } from './startTlsProxy.js'

/** The Solana cluster of the topology's gateway. */
export const solanaChainId = 'solana-localnet'

/** Redis database of this suite (other suites use 0): its rate-limit keys collide with no one's. */
export const topologyRedisUrl = 'redis://127.0.0.1:6379/13'

/** One `sigil-server start` of the topology, and its admin listener (`/metrics`). */
export type TopologyInstance = { server: SpawnedServer; url: string; adminUrl: string }

export type Topology = Awaited<ReturnType<typeof startTopology>>

/** The last JSON line a CLI command printed. */
async function cliJson(args: string[], env: Record<string, string>): Promise<Record<string, string>> {
  const { code, stdout, stderr } = await runCli(args, env)
  if (code !== 0) throw new Error(`sigil-server ${args.join(' ')} exited ${code}: ${stderr}`)
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

/** The admin listener's URL, from the start banner (printed after the main listener's line). */
async function adminUrlOf(server: SpawnedServer): Promise<string> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const url = server.output().match(/admin: (http:\/\/\S+)\/metrics/)?.[1]
    if (url) return url
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no admin listener in:\n${server.output()}`)
}

/**
 * The production topology of docs/deploy.md on loopback, every part real: a self-signed certificate for
 * localhost, a real SMTP server, one throw-away PostgreSQL schema, Redis, the devnet (anvil, alto,
 * EntryPoints, paymasters) and a Solana runtime, two `sigil-server start` processes (production mode:
 * no `--dev`) configured only through the environment an operator sets, and nginx terminating TLS in
 * front of both with the deploy site file. The paymaster signer and the Solana fee payer are made with
 * the CLI, then trusted and funded on the chains; the app (its origin the app page's), and a policy
 * sponsoring signed-in users on each chain are made in the store.
 *
 * @example
 * const topology = await startTopology(inject('browserAssets'))
 * await topology.fetch(`${topology.proxy.url}/healthz`)
 * await topology.stop()
 */
export async function startTopology(assets: { frameDir: string; pageDir: string }) {
  const dir = await mkdtemp(join(tmpdir(), 'sigil-topology-'))
  const stops: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })]
  const stop = async () => {
    for (const each of stops.splice(0).reverse()) await each().catch(() => undefined)
  }
  try {
    // This suite's Redis database starts empty, so what the test finds there this run wrote.
    const redis = new Redis(topologyRedisUrl)
    await redis.flushdb().finally(() => redis.disconnect())
    const certificate: TestCertificate = await generateTestCertificate(dir)
    const smtp: TestSmtpServer = await startTestSmtpServer()
    stops.push(smtp.close)
    const store: TestStore = await createTestStore('postgres')
    stops.push(store.cleanup)
    const [devnet, solana]: [Devnet, SolanaDevnet] = await Promise.all([startDevnet(), startSolanaDevnet()])
    stops.push(devnet.stop, solana.stop)

    const port = await freePort()
    const appPort = await freePort()
    const publicUrl = `https://localhost:${port}`
    const databaseUrl = store.location.databaseUrl!
    // What /etc/sigil/sigil.env holds (packages/server/deploy/sigil.env.example), for this machine.
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      SIGIL_MASTER_KEY: testMasterKey,
      REDIS_URL: topologyRedisUrl,
      SIGIL_PUBLIC_URL: publicUrl,
      SIGIL_TRUSTED_PROXIES: '127.0.0.1/32',
      SMTP_URL: smtp.url,
      SIGIL_MAIL_FROM: 'Sigil <no-reply@localhost>',
      SIGIL_CHAINS: JSON.stringify([
        {
          id: devnet.chainId,
          rpcUrl: devnet.rpcUrl,
          bundlerUrl: devnet.bundlerUrl,
          paymasters: devnet.paymasters,
        },
        { id: solanaChainId, type: 'solana', rpcUrl: solana.rpcUrl },
      ]),
      HOST: '127.0.0.1',
      PORT: '0',
      SIGIL_ADMIN_PORT: '0',
      SIGIL_LOG_LEVEL: 'info',
      SIGIL_LOG_FORMAT: 'json',
      SIGIL_FRAME_DIR: assets.frameDir,
    }
    const paymasterSigner = await cliJson(['paymaster', 'signer', '--database-url', databaseUrl], env)
    const feePayer = await cliJson(['solana', 'fee-payer', '--database-url', databaseUrl], env)
    await Promise.all([
      devnet.setPaymasterSigner(paymasterSigner.address as `0x${string}`),
      solana.airdrop(feePayer.address!, 10_000_000_000n),
    ])

    const servers = await Promise.all([0, 1].map(() => spawnServer(['start'], env)))
    stops.push(...servers.map((server) => () => server.stop()))
    const instances: TopologyInstance[] = await Promise.all(
      servers.map(async (server) => ({ server, url: server.url, adminUrl: await adminUrlOf(server) })),
    )

    const proxy: TlsProxy = await startTlsProxy({
      port,
      appPort,
      upstreams: instances.map((instance) => new URL(instance.url).host) as [string, string],
      certificate,
      pageDir: assets.pageDir,
      dir,
    })
    stops.push(proxy.close)

    const now = Date.now()
    const app = await createApp(store.db, { name: 'topology', origins: [proxy.appUrl], now })
    const evmPolicy = await createSponsorPolicy(store.db, {
      appId: app.appId,
      chainIds: [devnet.chainId],
      audience: 'signed-in',
      now,
    })
    const solanaPolicy = await createSolanaSponsorPolicy(store.db, {
      appId: app.appId,
      chains: [solanaChainId],
      audience: 'signed-in',
      now,
    })
    return {
      dir,
      certificate,
      smtp,
      store,
      devnet,
      solana,
      instances,
      proxy,
      app,
      evmPolicyId: evmPolicy.id,
      solanaPolicyId: solanaPolicy.id,
      feePayer: feePayer.address!,
      /** `fetch` that trusts the test certificate (and nothing else). */
      fetch: createTlsFetch(certificate.certificatePem),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
