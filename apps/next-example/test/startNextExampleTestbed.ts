import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { inject } from 'vitest'
import type { Devnet } from '../../../packages/devnet/src/startDevnet.js'
import { freePort } from '../../../packages/server/src/test/localPorts.js'
// The Chromium suites' global setup (root vitest config) provides `browserAssets`: its type comes from there.
import type {} from '../../../packages/signer/test/browser/globalSetup.js'
import { launchChromium } from '../../../packages/signer/test/browser/launchChromium.js'
import { ensureDemoPolicy } from '../../demo/scripts/ensureDemoPolicy.js'
import { type StartedSigilServer, startSigilServer } from '../../demo/scripts/startSigilServer.js'
import { startLocalChain, testServerEnv, toChainConfig } from '../../demo/test/startDemoTestbed.js'
import { buildNextExample, nextBin, nextExampleRoot, removeNextExampleBuild } from './buildNextExample.js'

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))

export type NextExampleTestbed = {
  /** The example's origin, `http://localhost:PORT` (`next start`). */
  url: string
  server: StartedSigilServer
  devnet: Devnet
  browser: Browser
  /** The newest sign-in code mailed to `email`: waits (up to 10 s) for one other than `not`. */
  readCode(email: string, options?: { not?: string | undefined }): Promise<string>
  close(): Promise<void>
}

/**
 * The example as its README runs it, on free ports: built once per run (`buildNextExample`), the Sigil
 * server CLI (`start --dev`, its dev app allowing the example's origin) on a temp data dir with the
 * devnet and a gas policy as `npm start` makes them (the demo's testbed helpers), `next start` with the
 * settings in its environment, and headless Debian Chromium.
 *
 * @example
 * const testbed = await startNextExampleTestbed()
 */
export async function startNextExampleTestbed(): Promise<NextExampleTestbed> {
  const { frameDir } = inject('browserAssets')
  // The build (mostly CPU) runs while the chain and the server start (mostly waiting).
  const building = buildNextExample()
  building.catch(() => undefined)
  const dataDir = await mkdtemp(join(tmpdir(), 'sigil-next-data-'))
  const env = testServerEnv(frameDir)
  const port = await freePort()
  const url = `http://localhost:${port}`
  const devnet = await startLocalChain({ dataDir, env }).catch(async (error: unknown) => {
    await building.then(removeNextExampleBuild, removeNextExampleBuild)
    throw error
  })
  const server = await startSigilServer({
    repositoryRoot,
    dataDir,
    port: 0,
    host: '127.0.0.1',
    devAppOrigin: url,
    fromSource: true,
    env: { ...env, SIGIL_CHAINS: JSON.stringify([toChainConfig(devnet)]) },
    output: null,
  }).catch(async (error: unknown) => {
    await Promise.all([devnet.stop(), building.then(removeNextExampleBuild, removeNextExampleBuild)])
    throw error
  })
  const stopServers = () => Promise.all([server.stop(), devnet.stop()])
  let next: ChildProcess | undefined
  try {
    const policyId = await ensureDemoPolicy({
      repositoryRoot,
      fromSource: true,
      env,
      dataDir,
      appId: server.devApp.appId,
      chainId: devnet.chainId,
    })
    next = startNext(port, await building, {
      SIGIL_RPC_URL: server.url,
      SIGIL_API_KEY: server.devApp.apiKey,
      SIGIL_POLICY_ID: policyId,
      SIGIL_CHAIN_ID: String(devnet.chainId),
      SIGIL_CHAIN_RPC_URL: devnet.rpcUrl,
      ...(server.mailboxUrl && { SIGIL_MAILBOX_URL: server.mailboxUrl }),
    })
    await untilAnswers(url, next)
  } catch (error) {
    if (next) await stopProcess(next)
    await Promise.all([stopServers(), building.then(removeNextExampleBuild, removeNextExampleBuild)])
    throw error
  }
  const browser = await launchChromium()
  const latestCode = async (email: string) => {
    const response = await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    if (!response.ok) throw new Error(`/dev/mailbox.json answered ${response.status}`)
    const { messages } = (await response.json()) as { messages: { code?: string }[] }
    return messages[0]?.code
  }
  return {
    url,
    server,
    devnet,
    browser,
    async readCode(email, { not } = {}) {
      for (let waited = 0; waited <= 10_000; waited += 100) {
        const code = await latestCode(email)
        if (code && code !== not) return code
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`no new sign-in mail to ${email} in the dev mailbox`)
    },
    async close() {
      await browser.close()
      await stopProcess(next!)
      await stopServers()
      await Promise.all([removeNextExampleBuild(), rm(dataDir, { recursive: true, force: true })])
    },
  }
}

/** `next start` of the build on `port` of 127.0.0.1, with the example's settings in its environment. */
function startNext(port: number, distDir: string, settings: Record<string, string>): ChildProcess {
  // Over an IPC channel, `exitWithParent` stops `next start` should this process die without stopping it.
  const exitWithParent = ['--import', new URL('../../demo/scripts/exitWithParent.mjs', import.meta.url).href]
  const args = [...exitWithParent, nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1']
  const child = spawn(process.execPath, args, {
    cwd: nextExampleRoot,
    env: {
      ...process.env,
      ...settings,
      SIGIL_NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  // 143: stopped by SIGTERM (`close`).
  child.once('exit', (code) => {
    if (code && code !== 143) process.stderr.write(`[next-example] next start exited (${code}):\n${output}\n`)
  })
  return child
}

/** Waits (up to 60 s) until the example answers its page, or fails when `next start` exits first. */
async function untilAnswers(url: string, next: ChildProcess): Promise<void> {
  for (let waited = 0; waited <= 60_000; waited += 200) {
    if (next.exitCode !== null) throw new Error(`next start exited (${next.exitCode})`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the Next.js example did not answer ${url} within 60 s`)
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
