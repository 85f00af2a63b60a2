import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { inject } from 'vitest'
import {
  type SolanaDevnet,
  startSolanaDevnet,
} from '../../../packages/devnet/src/solana/startSolanaDevnet.js'
import { type Devnet, startDevnet } from '../../../packages/devnet/src/startDevnet.js'
// The Chromium suites' global setup (root vitest config) provides `browserAssets`: its type comes from there.
import type {} from '../../../packages/signer/test/browser/globalSetup.js'
import { launchChromium } from '../../../packages/signer/test/browser/launchChromium.js'
import { buildOnce } from '../../../test/vitest/buildOnce.js'
import { ensureDemoPolicy } from '../scripts/ensureDemoPolicy.js'
import { demoSolanaChainId, ensureDemoSolanaPolicy } from '../scripts/ensureDemoSolanaPolicy.js'
import { readOauthProviders } from '../scripts/readOauthProviders.js'
import { runServerCli } from '../scripts/runServerCli.js'
import { type DemoServer, serveDemo } from '../scripts/serveDemo.js'
import { type StartedSigilServer, startSigilServer } from '../scripts/startSigilServer.js'
import type { DemoSettings } from '../src/loadDemoSettings.js'

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const demoRoot = join(repositoryRoot, 'apps/demo')

/** A fixed master key, so a test's server does not print the new-key warning. */
const testMasterKey = '5e'.repeat(32)

export type DemoTestbed = {
  /** The demo's origin, `http://localhost:PORT`. */
  demoUrl: string
  /** What the demo serves as `config.json` (change it with `demo.setSettings`). */
  settings: DemoSettings
  server: StartedSigilServer
  /** The local chain, when the testbed was started with `chain: true`. */
  devnet: Devnet | undefined
  /** The local Solana runtime, when the testbed was started with `solana: true`. */
  solana: SolanaDevnet | undefined
  /** The server's Solana fee payer (funded by the runtime), when started with `solana: true`. */
  feePayer: string | undefined
  demo: DemoServer
  browser: Browser
  /** The built demo (the run's one build: read it, do not change it). */
  demoDir: string
  /** The server's data folder. */
  dataDir: string
  /**
   * Opens the demo in a new browser profile (default 1200×800; `width: 360` for a phone);
   * `initScript` runs in every page of the profile before the demo's own scripts.
   */
  openDemo(viewport?: { width: number; height: number }, options?: OpenDemoOptions): Promise<Page>
  /** The newest sign-in code mailed to `email`, from `/dev/mailbox.json`, if any. */
  latestCode(email: string): Promise<string | undefined>
  /** Waits (up to 10 s) for a sign-in code mailed to `email` other than `not`, and returns it. */
  readCode(email: string, options?: { not?: string | undefined }): Promise<string>
  /** Saves a PNG of `page` (the whole page unless `fullPage: false`) as `test-results/demo/<suite>/<step>.png`. */
  screenshot(page: Page, step: string, options?: { fullPage?: boolean }): Promise<void>
  close(): Promise<void>
}

export type OpenDemoOptions = {
  /** A script run before the page's own (an injected wallet, `window.__SIGIL_DEMO__`). */
  initScript?: string | undefined
}

export type StartDemoTestbedOptions = {
  /** The Sigil server's port (default a free one): an OAuth provider must know the callback URL first. */
  serverPort?: number | undefined
  /** Extra server environment, e.g. `SIGIL_OAUTH_<ID>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`. */
  env?: NodeJS.ProcessEnv | undefined
  /**
   * Start the local chain too (`startDevnet` on random ports, its paymasters trusting the server's
   * paymaster signer), serve it through the server's RPC gateway, and give the demo a sponsorship
   * policy and the chain, as `npm start` does.
   */
  chain?: boolean | undefined
  /**
   * Start the local Solana runtime too (random port, the server's fee payer funded), serve it through
   * the server's RPC gateway, and give the demo a Solana policy and the gateway URL, as `npm start` does.
   */
  solana?: boolean | undefined
}

/**
 * The demo as `npm start` runs it, on free ports: the demo built by Vite (once per run, `buildDemo`), the
 * Sigil server CLI (`start --dev`, from source) in a child process on a temp data dir with the key
 * frames the Chromium suites' global setup built, the static demo server with `config.json`, and
 * headless Debian Chromium through `playwright-core`.
 *
 * @example
 * const testbed = await startDemoTestbed('sign-in')
 * const page = await testbed.openDemo()
 */
export async function startDemoTestbed(
  suite: string,
  options: StartDemoTestbedOptions = {},
): Promise<DemoTestbed> {
  const { frameDir } = inject('browserAssets')
  const demoDir = await buildDemo()
  const dataDir = await mkdtemp(join(tmpdir(), 'sigil-demo-data-'))
  const demo = await serveDemo({ root: demoDir, port: 0 })
  const env = { ...testServerEnv(frameDir), ...options.env }
  const devnet = options.chain ? await startLocalChain({ dataDir, env }) : undefined
  const solanaRuntime = options.solana ? await startLocalSolana({ dataDir, env }) : undefined
  const solana = solanaRuntime?.runtime
  const chains = [
    ...(devnet ? [toChainConfig(devnet)] : []),
    ...(solana ? [{ id: demoSolanaChainId, type: 'solana', rpcUrl: solana.rpcUrl }] : []),
  ]
  const server = await startSigilServer({
    repositoryRoot,
    dataDir,
    port: options.serverPort ?? 0,
    host: '127.0.0.1',
    devAppOrigin: demo.url,
    fromSource: true,
    env: chains.length ? { ...env, SIGIL_CHAINS: JSON.stringify(chains) } : env,
    output: null,
  }).catch(async (error: unknown) => {
    await Promise.all([devnet?.stop(), solana?.stop()])
    throw error
  })
  const settings: DemoSettings = {
    rpcUrl: server.url,
    apiKey: server.devApp.apiKey,
    mailboxUrl: server.mailboxUrl,
    smsOutboxUrl: server.smsOutboxUrl,
    oauthProviders: await readOauthProviders(env),
    ...(devnet && {
      policyId: await ensureDemoPolicy({
        repositoryRoot,
        fromSource: true,
        env,
        dataDir,
        appId: server.devApp.appId,
        chainId: devnet.chainId,
      }),
      chain: { id: devnet.chainId, name: 'Sigil Devnet', nodeRpcUrl: devnet.rpcUrl },
    }),
    ...(solana && {
      solana: {
        rpcUrl: `${server.url}/rpc/${demoSolanaChainId}/${server.devApp.apiKey}`,
        policyId: await ensureDemoSolanaPolicy({
          repositoryRoot,
          fromSource: true,
          env,
          dataDir,
          appId: server.devApp.appId,
        }),
      },
    }),
  }
  demo.setSettings(settings)
  const latestCode = async (email: string) => {
    const response = await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    if (!response.ok) throw new Error(`/dev/mailbox.json answered ${response.status}`)
    const { messages } = (await response.json()) as { messages: { code?: string }[] }
    return messages[0]?.code
  }
  const browser = await launchChromium()
  const screenshotDir = join(repositoryRoot, 'test-results', 'demo', suite)
  await mkdir(screenshotDir, { recursive: true })

  return {
    demoUrl: demo.url,
    settings,
    server,
    devnet,
    solana,
    feePayer: solanaRuntime?.feePayer,
    demo,
    browser,
    demoDir,
    dataDir,
    async openDemo(viewport = { width: 1200, height: 800 }, { initScript } = {}) {
      const context = await browser.newContext({ viewport })
      if (initScript) await context.addInitScript(initScript)
      const page = await context.newPage()
      page.on('pageerror', (error) => process.stderr.write(`[demo ${suite}] page error: ${error.message}\n`))
      if (process.env.SIGIL_BROWSER_DEBUG)
        page.on('console', (message) =>
          process.stderr.write(`[demo ${suite}] console.${message.type()}: ${message.text()}\n`),
        )
      await page.goto(demo.url)
      return page
    },
    latestCode,
    async readCode(email, { not } = {}) {
      for (let waited = 0; waited <= 10_000; waited += 100) {
        const code = await latestCode(email)
        if (code && code !== not) return code
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`no new sign-in mail to ${email} in the dev mailbox`)
    },
    async screenshot(page, step, { fullPage = true } = {}) {
      await page.screenshot({ path: join(screenshotDir, `${step}.png`), fullPage })
    },
    async close() {
      await browser.close()
      await Promise.all([demo.close(), server.stop()])
      await Promise.all([devnet?.stop(), solana?.stop()])
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The devnet on random ports whose paymasters trust the paymaster signer of the server that will run on
 * `dataDir` (`sigil-server paymaster signer` makes the key in its vault first).
 */
export async function startLocalChain({
  dataDir,
  env,
}: {
  dataDir: string
  env: NodeJS.ProcessEnv
}): Promise<Devnet> {
  const { address } = await runServerCli<{ address: `0x${string}` }>(
    { repositoryRoot, fromSource: true, env },
    ['paymaster', 'signer', '--data-dir', dataDir],
  )
  return startDevnet({ paymasterSigner: address })
}

/**
 * The Solana runtime on a random port, funding (1000 SOL) the fee payer of the server that will run on
 * `dataDir` (`sigil-server solana fee-payer` makes the key in its vault first).
 */
async function startLocalSolana({
  dataDir,
  env,
}: {
  dataDir: string
  env: NodeJS.ProcessEnv
}): Promise<{ runtime: SolanaDevnet; feePayer: string }> {
  const { address } = await runServerCli<{ address: string }>({ repositoryRoot, fromSource: true, env }, [
    'solana',
    'fee-payer',
    '--data-dir',
    dataDir,
  ])
  const runtime = await startSolanaDevnet({ fund: [{ address, lamports: 1_000_000_000_000n }] })
  return { runtime, feePayer: address }
}

/** The gateway's chain config (`SIGIL_CHAINS`) for the devnet. */
export function toChainConfig(devnet: Devnet) {
  return {
    id: devnet.chainId,
    rpcUrl: devnet.rpcUrl,
    bundlerUrl: devnet.bundlerUrl,
    paymasters: devnet.paymasters,
  }
}

/**
 * The demo built by its own Vite config, once per test run (`buildOnce`: the first suite to ask builds it,
 * the others share that build and only read it), into the run's folder; the repository's `dist` is left
 * alone.
 */
export function buildDemo(): Promise<string> {
  return buildOnce('demo', (outDir) =>
    build({
      root: demoRoot,
      configFile: join(demoRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    }),
  )
}

/**
 * The server's environment in tests: the built key frames, a fixed master key, the dev mailbox, and
 * none of the operator's store, mail or OAuth settings.
 */
export function testServerEnv(frameDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SIGIL_FRAME_DIR: frameDir,
    SIGIL_MASTER_KEY: testMasterKey,
  }
  for (const name of Object.keys(env))
    if (
      /^(DATABASE_URL|SMTP_URL|SIGIL_CONFIG|SIGIL_PUBLIC_URL|SIGIL_DATA_DIR|PORT|HOST|SIGIL_OAUTH_.*)$/.test(
        name,
      )
    )
      delete env[name]
  return env
}
