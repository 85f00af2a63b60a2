import { join } from 'node:path'
import { sigilDevnet } from '@sigil/core'
import { type Devnet, startDevnet } from '@sigil/devnet'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { buildOnce } from '../../../test/vitest/buildOnce.js'
import { createApp } from '../../server/src/apps/createApp.js'
import { serveLateBound } from '../../server/src/auth/oauth/test/serveLateBound.js'
import { createSponsorPolicy } from '../../server/src/sponsor/createSponsorPolicy.js'
import { ensurePaymasterSigner } from '../../server/src/sponsor/ensurePaymasterSigner.js'
import { createTestServer, type TestServer } from '../../server/src/test/createTestServer.js'
// The Chromium suites' global setup (root vitest config) provides `browserAssets`: its type comes from there.
import type {} from '../../signer/test/browser/globalSetup.js'
import { launchChromium } from '../../signer/test/browser/launchChromium.js'
import { type BuiltPage, serveBuiltPage } from './serveBuiltPage.js'

/**
 * A wagmi + React app with Sigil among its wallets, in headless Chromium (`walletListPage/`, built once per
 * run with Vite). RainbowKit 2.2.11 and ConnectKit 1.9.2, their current versions, ask for wagmi 2
 * (`peerDependencies` `wagmi: ^2.9.0` and `2.x`), so the page lists wallets as they would: wagmi's
 * connectors, `sigil()` and the wallets wagmi discovers through EIP-6963. The other wallet here is a
 * page script announced through EIP-6963 whose requests go to the devnet node (no wallet extension runs
 * in headless Chromium). Against the real server (in process, on a TCP port, dev mailbox, the built key
 * frames), the devnet (anvil + alto, paymasters trusting the server's signer) and the page's app with a
 * sponsorship policy: Sigil is listed, its button opens Sigil's sign-in modal, the email code signs in,
 * wagmi is connected to the smart account, and the page's `useSendTransaction` is a sponsored user
 * operation whose receipt is success on the node while the account holds no ETH.
 */
const pageRoot = join(import.meta.dirname, 'walletListPage')

let devnet: Devnet | undefined
let server: TestServer | undefined
let listener: Awaited<ReturnType<typeof serveLateBound>> | undefined
let pageServer: BuiltPage | undefined
let browser: Browser | undefined
let settings: { serverUrl: string; apiKey: string; policyId: string; nodeRpcUrl: string }

beforeAll(async () => {
  const pageDir = await buildOnce('wagmi-wallet-list', (outDir) =>
    build({
      root: pageRoot,
      configFile: join(pageRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    }),
  )
  devnet = await startDevnet()
  listener = await serveLateBound()
  const serverUrl = listener.url.replace('127.0.0.1', 'localhost')
  pageServer = await serveBuiltPage(pageDir)
  server = await createTestServer('sqlite', {
    publicUrl: serverUrl,
    devMailbox: true,
    frameDir: inject('browserAssets').frameDir,
    chains: [
      {
        id: devnet.chainId,
        rpcUrl: devnet.rpcUrl,
        bundlerUrl: devnet.bundlerUrl,
        paymasters: devnet.paymasters,
      },
    ],
  })
  listener.bind(server.app.fetch)
  const { store, vault } = server.app.sigil
  const signer = await ensurePaymasterSigner(store.db, vault, { now: Date.now() })
  await devnet.setPaymasterSigner(signer.address)
  const app = await createApp(store.db, {
    name: 'wagmi page',
    origins: [pageServer.url],
    redirectUrl: `${pageServer.url}/`,
    now: Date.now(),
  })
  const policy = await createSponsorPolicy(store.db, { appId: app.appId, now: Date.now() })
  settings = { serverUrl, apiKey: app.apiKey, policyId: policy.id, nodeRpcUrl: devnet.rpcUrl }
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([pageServer?.close(), listener?.close()])
  await server?.cleanup()
  await devnet?.stop()
})

/**
 * Another wallet, announced through EIP-6963 before the page's scripts: its requests go to the devnet node
 * (whose unlocked accounts are its accounts), except that, as a wallet does, it shows no account before the
 * page asks for them (`eth_requestAccounts`).
 */
function announceDevnetWallet(nodeRpcUrl: string) {
  let granted = false
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (method === 'eth_accounts' && !granted) return []
      if (method === 'eth_requestAccounts') granted = true
      const response = await fetch(nodeRpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: method === 'eth_requestAccounts' ? 'eth_accounts' : method,
          params: params ?? [],
        }),
      })
      const body = (await response.json()) as { result?: unknown; error?: unknown }
      if (body.error) throw body.error
      return body.result
    },
    on() {},
    removeListener() {},
  }
  const detail = Object.freeze({
    info: {
      uuid: '0b6e3c1e-7d5c-4f0e-9d0c-5a1f6b2e9c41',
      name: 'Devnet wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
      rdns: 'org.example.devnet-wallet',
    },
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

async function openPage(): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1000, height: 800 } })
  await context.addInitScript((value) => {
    ;(window as unknown as { __walletListPage: unknown }).__walletListPage = value
  }, settings)
  await context.addInitScript(announceDevnetWallet, settings.nodeRpcUrl)
  const page = await context.newPage()
  page.on('pageerror', (error) => process.stderr.write(`[wagmi page] page error: ${error.message}\n`))
  if (process.env.SIGIL_BROWSER_DEBUG)
    page.on('console', (message) =>
      process.stderr.write(`[wagmi page] console.${message.type()}: ${message.text()}\n`),
    )
  await page.goto(`${pageServer!.url}/`)
  return page
}

/** The newest sign-in code mailed to `email`, waited for (up to 20 s) in the server's dev mailbox. */
async function readCode(email: string): Promise<string> {
  for (let waited = 0; waited <= 20_000; waited += 100) {
    const response = await server!.app.request(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: { code?: string }[] }
    if (messages[0]?.code) return messages[0].code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
}

describe('a wagmi + React page whose wallet list is wagmi’s connectors', () => {
  test('behavior: lists Sigil and an EIP-6963 wallet; Sigil signs in by email code and sends a sponsored transaction', async () => {
    const node = createPublicClient({ chain: sigilDevnet, transport: http(settings.nodeRpcUrl) })
    const page = await openPage()
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await wallets.getByRole('button', { name: 'Devnet wallet' }).waitFor()
    expect(await wallets.getByRole('button').allTextContents()).toEqual(['Sigil', 'Devnet wallet'])

    await wallets.getByRole('button', { name: 'Sigil' }).click()
    const dialog = page.getByRole('dialog')
    const email = 'wagmi-page@example.com'
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await dialog.getByLabel('Verification code').fill(await readCode(email))

    const account = page.getByRole('region', { name: 'Account' })
    await account.getByTestId('address').waitFor({ timeout: 30_000 })
    expect(await account.textContent()).toContain('Connected with Sigil')
    const address = (await account.getByTestId('address').textContent()) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await node.getCode({ address })).toBeUndefined() // a counterfactual smart account, not deployed yet

    await account.getByRole('button', { name: 'Send a sponsored transaction' }).click()
    await account.getByTestId('receipt').waitFor({ timeout: 60_000 })
    expect(await account.getByTestId('receipt').textContent()).toBe('success')
    const hash = (await account.getByTestId('hash').textContent()) as `0x${string}`
    expect((await node.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await node.getBalance({ address })).toBe(0n)
    expect(await node.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}/) // deployed by the sponsored operation
  })
})
