import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { Redis } from 'ioredis'
import type { Browser } from 'playwright-core'
import { createPublicClient, http, type LocalAccount, recoverMessageAddress } from 'viem'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import {
  createSmartAccountClient,
  defineSigilChain,
  sigil,
  toLightAccount,
} from '../../../accounts/src/index.js'
import {
  createMemoryStorage,
  createSigner,
  type Signer,
  stampGatewayRequest,
  toSolanaSigner,
  toViemAccount,
} from '../../../signer/src/index.js'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { createTlsFetch } from './createTlsFetch.js'
import { launchTrustingChromium } from './launchTrustingChromium.js'
import { openTlsWebsocket } from './openTlsWebsocket.js'
import { solanaChainId, startTopology, type Topology, topologyRedisUrl } from './startTopology.js'

declare module 'vitest' {
  export interface ProvidedContext {
    browserAssets: { frameDir: string; pageDir: string }
  }
}

/*
 * Issue 18, a tested production topology (docs/deploy.md#topology-and-the-service): nginx terminating TLS
 * with the deploy site file in front of two `sigil-server start` processes on one PostgreSQL schema and
 * one Redis, every client call going through https://localhost:<nginx>: email sign-in (the code read from
 * the mail the SMTP server received), passkey sign-in in Chromium on an https app page, signing, a
 * sponsored user operation and a sponsored Solana transfer that land, and then both instances' metrics
 * show they served requests.
 */

let topology: Topology
let browser: Browser | undefined
/** The Node signer signed in by email (test 1), owner of the smart account (test 3). */
let emailSigner: Signer
/** Where the email-signing user connects to nginx from. */
const userAddress = '127.0.0.2'

beforeAll(async () => {
  topology = await startTopology(inject('browserAssets'))
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await topology?.stop()
})

/** JSON-RPC through the proxy to the gateway of `chain`, with the app key in the path. */
async function rpc(chain: string | number, method: string, params: unknown) {
  const response = await topology.fetch(`${topology.proxy.url}/rpc/${chain}/${topology.app.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever shape the gateway answered.
  const answer = (await response.json()) as { result?: any; error?: unknown }
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
  return answer.result
}

const until = async (check: () => boolean, timeoutMs = 15_000) => {
  for (const deadline = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('production topology: nginx (TLS) → two instances → PostgreSQL + Redis', () => {
  test('default: email sign-in with the code from the delivered mail, then a signature that recovers to the wallet', async () => {
    const { proxy, app, smtp } = topology
    // The app's page would send its Origin; the Node signer's fetch adds it, over TLS to the proxy, from
    // another address than the proxy's own (127.0.0.2), as a user's machine would.
    const userFetch = createTlsFetch(topology.certificate.certificatePem, { localAddress: userAddress })
    const appFetch: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
      headers.set('origin', proxy.appUrl)
      return userFetch(input, { ...init, headers })
    }
    emailSigner = createSigner({
      connection: { rpcUrl: proxy.url, apiKey: app.apiKey },
      stamper: createNodeFrameStamper(),
      fetch: appFetch,
      window: new EventTarget(),
      sessionConfig: { storage: createMemoryStorage() },
    })
    await emailSigner.ready
    const pending = emailSigner.authenticate({ type: 'email', email: 'ada@example.com' })
    await until(() => emailSigner.status === 'AWAITING_EMAIL_AUTH')
    const mail = await smtp.nextMail('ada@example.com')
    expect(mail.from).toBe('no-reply@localhost')
    const otpCode = mail.text.match(/^\s+(\d{6})$/m)?.[1]
    expect(otpCode).toMatch(/^\d{6}$/)
    const user = await emailSigner.authenticate({ type: 'otp', otpCode: otpCode! })
    await pending
    expect(user).toMatchObject({
      email: 'ada@example.com',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    })
    const message = 'signed behind nginx'
    const signature = await emailSigner.signMessage(message)
    expect(await recoverMessageAddress({ message, signature })).toBe(user.address)
  }, 60_000)

  test('default: passkey sign-up and sign-in in Chromium on an https app page, then a signature', async () => {
    const { proxy, app } = topology
    browser = await launchTrustingChromium(topology.certificate.certificatePem)
    const context = await browser.newContext()
    const page = await context.newPage()
    page.on('pageerror', (error) => process.stderr.write(`[topology] page error: ${error.message}\n`))
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.addInitScript(
      (config) => {
        ;(window as unknown as { __sigilConfig: unknown }).__sigilConfig = config
      },
      {
        connection: { rpcUrl: proxy.url, apiKey: app.apiKey },
        iframeConfig: { iframeContainerId: 'signer-frame' },
      },
    )
    await page.goto(proxy.appUrl)
    expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:')
    await page.waitForFunction(() => 'signerReady' in window)
    await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    type PageSigner = { signer: Signer }
    const signedUp = await page.evaluate(() =>
      (window as unknown as PageSigner).signer.authenticate({ type: 'passkey', email: 'grace@example.com' }),
    )
    expect(signedUp).toMatchObject({ email: 'grace@example.com', credentialId: expect.any(String) })
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toMatchObject([{ rpId: 'localhost', isResidentCredential: true }])

    await page.evaluate(() => (window as unknown as PageSigner).signer.disconnect())
    const signedIn = await page.evaluate(() =>
      (window as unknown as PageSigner).signer.authenticate({ type: 'passkey', createNew: false }),
    )
    expect(signedIn).toMatchObject({ userId: signedUp.userId, address: signedUp.address })
    const signature = await page.evaluate(() =>
      (window as unknown as PageSigner).signer.signMessage('a passkey behind nginx'),
    )
    expect(await recoverMessageAddress({ message: 'a passkey behind nginx', signature })).toBe(
      signedUp.address,
    )
    // Every request of the page went over TLS to nginx: the app page, or Sigil behind the proxy.
    expect(requested.filter((url) => url.startsWith(`${proxy.url}/signer/v1/`)).length).toBeGreaterThan(0)
    for (const url of requested)
      expect(url.startsWith(`${proxy.url}/`) || url.startsWith(`${proxy.appUrl}/`), url).toBe(true)
  }, 90_000)

  test('default: a sponsored user operation of a LightAccount owned by the email user, stamped by its session, lands on chain', async () => {
    const { proxy, app, devnet } = topology
    const chain = defineSigilChain({ chain: anvil, serverUrl: proxy.url })
    // The sponsorship requests carry the signed-in user's session stamp (a `signed-in` policy).
    const transport = sigil({
      jwt: app.apiKey,
      fetchFn: topology.fetch,
      stamper: (body) => stampGatewayRequest(emailSigner, body),
    })
    const gatewayClient = createPublicClient({ chain, transport, pollingInterval: 50 })
    const owner = toViemAccount(emailSigner) as LocalAccount
    const account = await toLightAccount({ client: gatewayClient, owner })
    const client = createSmartAccountClient({
      account,
      chain,
      transport,
      policyId: topology.evmPolicyId,
      pollingInterval: 50,
    })
    const hash = await client.sendUserOperation({
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n }],
    })
    const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(devnet.paymasters['0.7'].toLowerCase())
    const node = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl) })
    expect(await node.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{2,}/)
    expect(await node.getBalance({ address: account.address })).toBe(0n)
  }, 90_000)

  test("default: a sponsored transfer from the email user's Solana wallet lands, confirmed over the gateway's websocket (wss); the fee payer pays the fee", async () => {
    const { solana, feePayer, proxy } = topology
    // The email user's own Solana wallet, through @sigil/signer: the sponsorship request stamped by its
    // session (a signed-in policy), its signature made by the server, every call through nginx.
    const user = toSolanaSigner(emailSigner)
    const recipient = (await generateKeyPairSigner()).address
    await solana.airdrop(user.address, 1_000_000_000n)
    const connection = { rpcUrl: `${proxy.url}/rpc/${solanaChainId}/${topology.app.apiKey}` }
    const transfer = getTransferSolInstruction({
      source: { address: user.address } as never,
      destination: recipient,
      amount: 1_234_567n,
    })
    const sponsored = await user.addSponsorship([transfer], connection, topology.solanaPolicyId)
    expect(Object.keys(sponsored.signatures)).toEqual([feePayer, user.address])
    const signed = await user.addSignature(sponsored)
    const before = { user: solana.getBalance(user.address), feePayer: solana.getBalance(feePayer) }
    // Confirmation over the gateway's Solana websocket, through nginx's upgrade location (wss).
    const socket = await openTlsWebsocket(
      `${proxy.url.replace(/^https/, 'wss')}/rpc/${solanaChainId}/${topology.app.apiKey}`,
      topology.certificate.certificatePem,
    )
    try {
      const subscription = await socket.call('signatureSubscribe', [
        getSignatureFromTransaction(signed),
        { commitment: 'confirmed' },
      ])
      expect(subscription).toEqual(expect.any(Number))
      await rpc(solanaChainId, 'sendTransaction', [
        getBase64EncodedWireTransaction(signed),
        { encoding: 'base64' },
      ])
      expect((await socket.notification('signatureNotification')).params).toMatchObject({
        subscription,
        result: { value: { err: null } },
      })
    } finally {
      socket.close()
    }
    expect(solana.getBalance(recipient)).toBe(1_234_567n)
    expect(before.user - solana.getBalance(user.address)).toBe(1_234_567n)
    expect(before.feePayer - solana.getBalance(feePayer)).toBe(10_000n)
  }, 60_000)

  test('behavior: both instances served requests (their admin /metrics); the rate limits live in the shared Redis, per user address as nginx forwards it', async () => {
    const served = await Promise.all(
      topology.instances.map(async (instance) => {
        const text = await (await fetch(`${instance.adminUrl}/metrics`)).text()
        let count = 0
        const routes = new Set<string>()
        for (const line of text.split('\n')) {
          const match = line.match(/^sigil_http_request_duration_seconds_count\{(.*)\} (\d+)$/)
          if (!match) continue
          count += Number(match[2])
          routes.add(match[1]!.match(/route="([^"]*)"/)?.[1] ?? '')
        }
        return { count, routes: [...routes] }
      }),
    )
    console.info(
      `requests per instance: ${served.map((each, n) => `#${n + 1} ${each.count} (${each.routes.join(', ')})`).join('; ')}`,
    )
    for (const each of served) expect(each.count).toBeGreaterThan(0)
    const redis = new Redis(topologyRedisUrl)
    try {
      // The email code was sent for the user at 127.0.0.2: the instance believed nginx's X-Forwarded-For
      // (SIGIL_TRUSTED_PROXIES); without it every user would count as nginx's 127.0.0.1.
      const keys = await redis.keys('sigil:emailSendsPerIp:*')
      expect(keys).toEqual([`sigil:emailSendsPerIp:${userAddress}`])
    } finally {
      redis.disconnect()
    }
  })
})
