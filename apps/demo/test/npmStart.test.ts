import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { killGroup, runStartScript } from './runStartScript.js'
import { buildDemo } from './startDemoTestbed.js'

/**
 * `npm start`'s script as a person runs it (`runStartScript`: the demo built once beforehand, the
 * server from source and free ports): it prints the URLs, serves the demo with its settings, Ctrl-C
 * stops every process it started, and a second start reuses the data.
 */

const slow = { timeout: 180_000 }

let demoDir: string
let dataDir: string
beforeAll(async () => {
  demoDir = await buildDemo()
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-start-data-'))
}, 120_000)
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const runStart = () => runStartScript({ frameDir: inject('browserAssets').frameDir, demoDir, dataDir })

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
        expect(started.devLoginUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        const discovery = await fetch(`${started.devLoginUrl}/.well-known/openid-configuration`)
        expect(((await discovery.json()) as { issuer: string }).issuer).toBe(started.devLoginUrl)
        expect(await settings.json()).toEqual({
          rpcUrl: started.serverUrl,
          apiKey: started.apiKey,
          mailboxUrl: started.mailboxUrl,
          smsOutboxUrl: `${started.serverUrl}/dev/sms`,
          // The dev login, trusted by the server as `dev_login`: one button opens a popup, the other redirects.
          oauthProviders: [
            { id: 'dev_login', isCustomProvider: true, displayName: 'Dev login', mode: 'popup' },
            {
              id: 'dev_login',
              isCustomProvider: true,
              displayName: 'Dev login (redirect)',
              mode: 'redirect',
            },
          ],
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
        expect(await refuses(started.devLoginUrl)).toBe(true)
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
