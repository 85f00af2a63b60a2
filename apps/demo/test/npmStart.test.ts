import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { buildDemo, testServerEnv } from './startDemoTestbed.js'

/**
 * `npm start`'s script as a person runs it (`apps/demo/scripts/start.ts`, here with the demo built
 * once beforehand, the server from source and free ports): it prints the URLs, serves the demo with
 * its settings, Ctrl-C stops every process it started, and a second start reuses the data.
 */

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const startScript = join(repositoryRoot, 'apps/demo/scripts/start.ts')
const slow = { timeout: 180_000 }

type RunningStart = {
  process: ChildProcess
  output(): string
  demoUrl: string
  serverUrl: string
  mailboxUrl: string
  apiKey: string
  chainUrl: string
  bundlerUrl: string
  gatewayUrl: string
  policyId: string
  solanaUrl: string
  solanaGatewayUrl: string
  solanaPolicyId: string
  exited: Promise<number | NodeJS.Signals | null>
}

let demoDir: string
let dataDir: string
beforeAll(async () => {
  demoDir = await buildDemo()
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-start-data-'))
}, 120_000)
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Runs the start script in its own process group (as a terminal does) and waits for its summary. */
async function runStart(): Promise<RunningStart> {
  const env = {
    ...testServerEnv(inject('browserAssets').frameDir),
    PORT: '0',
    SIGIL_DEMO_PORT: '0',
    SIGIL_DEVNET_PORT: '0',
    SIGIL_BUNDLER_PORT: '0',
    SIGIL_SOLANA_PORT: '0',
    SIGIL_DATA_DIR: dataDir,
  }
  const args = ['--conditions=source', '--import', 'tsx', startScript, '--no-build', '--from-source']
  const child = spawn(process.execPath, [...args, '--demo-dir', demoDir], {
    cwd: repositoryRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )
  for (let waited = 0; !output.includes('Stop with Ctrl-C.'); waited += 50) {
    if (child.exitCode !== null || waited > 100_000) throw new Error(`npm start did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const line = (label: string) => new RegExp(`^ {2}${label} +(\\S+)`, 'm').exec(output)?.[1] ?? ''
  return {
    process: child,
    output: () => output,
    demoUrl: line('Demo'),
    serverUrl: line('Sigil server'),
    mailboxUrl: line('Dev mailbox'),
    apiKey: line('Dev app key'),
    chainUrl: line('Chain'),
    bundlerUrl: line('Bundler'),
    gatewayUrl: line('RPC gateway'),
    policyId: line('Gas policy'),
    solanaUrl: line('Solana'),
    solanaGatewayUrl: line('Solana gateway'),
    solanaPolicyId: line('Solana policy'),
    exited,
  }
}

/** The process and all its descendants, from /proc. */
async function processTree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  const ids = children.split(' ').filter(Boolean).map(Number)
  return [pid, ...(await Promise.all(ids.map(processTree))).flat()]
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGKILL to whatever is left of a process group (a failed test's clean-up). */
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Nothing left.
  }
}

const refuses = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  )

describe('npm start', () => {
  let firstKey: string
  let firstPolicyId: string
  let firstSolanaPolicyId: string

  test(
    'default: prints the demo, mailbox, server, chain, bundler, Solana and gateway URLs and both policies; the demo serves its settings; the gateway answers for the chain; Ctrl-C stops every process',
    slow,
    async () => {
      const started = await runStart()
      try {
        expect(started.demoUrl).toMatch(/^http:\/\/localhost:\d+$/)
        expect(started.serverUrl).toMatch(/^http:\/\/localhost:\d+$/)
        expect(started.mailboxUrl).toBe(`${started.serverUrl}/dev/mailbox`)
        expect(started.apiKey).toMatch(/^sigil_[\w-]{43}$/)
        expect(started.output()).not.toMatch(/warn|error/i)

        const page = await fetch(started.demoUrl)
        expect(page.status).toBe(200)
        expect(await page.text()).toContain('<div id="root">')
        const settings = await fetch(`${started.demoUrl}/config.json`)
        expect(settings.headers.get('cache-control')).toBe('no-store')
        expect(started.chainUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        expect(started.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        expect(started.gatewayUrl).toBe(`${started.serverUrl}/rpc/31337`)
        expect(started.policyId).toMatch(/^pol_[0-9a-f]+$/)
        expect(started.solanaUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        expect(started.solanaGatewayUrl).toBe(`${started.serverUrl}/rpc/solana-localnet`)
        expect(started.solanaPolicyId).toMatch(/^pol_[0-9a-f]+$/)
        expect(started.solanaPolicyId).not.toBe(started.policyId)
        expect(await settings.json()).toEqual({
          rpcUrl: started.serverUrl,
          apiKey: started.apiKey,
          mailboxUrl: started.mailboxUrl,
          oauthProviders: [],
          policyId: started.policyId,
          chain: { id: 31337, name: 'Sigil Devnet', nodeRpcUrl: started.chainUrl },
          solana: {
            rpcUrl: `${started.solanaGatewayUrl}/${started.apiKey}`,
            policyId: started.solanaPolicyId,
          },
        })
        // The gateway serves the local chain for the dev app: the bundler's EntryPoints, the node's chain id.
        const rpc = (method: string) =>
          fetch(started.gatewayUrl, {
            method: 'POST',
            headers: { authorization: `Bearer ${started.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
          }).then((response) => response.json() as Promise<{ result?: unknown }>)
        expect((await rpc('eth_chainId')).result).toBe('0x7a69')
        expect((await rpc('eth_supportedEntryPoints')).result).toHaveLength(3)
        // …and the Solana runtime: node methods are forwarded.
        const solanaHealth = await fetch(`${started.solanaGatewayUrl}/${started.apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: [] }),
        }).then((response) => response.json() as Promise<{ result?: unknown }>)
        expect(solanaHealth.result).toBe('ok')
        expect((await fetch(`${started.serverUrl}/dev/mailbox.json`)).status).toBe(200)
        // The key frame of the demo's app (the SDK learns its id from signer-config), embeddable by the demo's origin.
        const { appId } = (await fetch(`${started.serverUrl}/signer/v1/signer-config`, {
          headers: { authorization: `Bearer ${started.apiKey}` },
        }).then((response) => response.json())) as { appId: string }
        const frame = await fetch(`${started.serverUrl}/frame/auth?app=${appId}`)
        expect(frame.headers.get('content-security-policy')).toContain(started.demoUrl)

        const tree = await processTree(started.process.pid!)
        expect(tree.length).toBeGreaterThanOrEqual(4) // script, server, devnet, anvil, alto
        process.kill(-started.process.pid!, 'SIGINT') // Ctrl-C: the terminal signals the whole group
        expect(await started.exited).toBe(0)
        for (let waited = 0; tree.some(isAlive) && waited < 10_000; waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50))
        expect(tree.filter(isAlive)).toEqual([])
        expect(await refuses(started.demoUrl)).toBe(true)
        expect(await refuses(started.serverUrl)).toBe(true)
        expect(await refuses(started.chainUrl)).toBe(true)
        expect(await refuses(started.bundlerUrl)).toBe(true)
        expect(await refuses(started.solanaUrl)).toBe(true)
        firstKey = started.apiKey
        firstPolicyId = started.policyId
        firstSolanaPolicyId = started.solanaPolicyId
      } finally {
        killGroup(started.process.pid!)
      }
    },
  )

  test(
    'behavior: a second start reuses the data (same dev app key and policies); SIGTERM to the script alone stops the server and the chain too',
    slow,
    async () => {
      const started = await runStart()
      try {
        expect(started.apiKey).toBe(firstKey)
        expect(started.policyId).toBe(firstPolicyId)
        expect(started.solanaPolicyId).toBe(firstSolanaPolicyId)
        const tree = await processTree(started.process.pid!)
        started.process.kill('SIGTERM')
        expect(await started.exited).toBe(0)
        for (let waited = 0; tree.some(isAlive) && waited < 10_000; waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50))
        expect(tree.filter(isAlive)).toEqual([])
      } finally {
        killGroup(started.process.pid!)
      }
    },
  )

  test(
    'behavior: neither the server nor the chain outlives a start script killed with SIGKILL',
    slow,
    async () => {
      const started = await runStart()
      try {
        const tree = await processTree(started.process.pid!)
        expect(tree.length).toBeGreaterThanOrEqual(2)
        started.process.kill('SIGKILL')
        await started.exited
        for (let waited = 0; tree.some(isAlive) && waited < 10_000; waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50))
        expect(tree.filter(isAlive)).toEqual([])
        expect(await refuses(started.serverUrl)).toBe(true)
        expect(await refuses(started.chainUrl)).toBe(true)
      } finally {
        killGroup(started.process.pid!)
      }
    },
  )
})
