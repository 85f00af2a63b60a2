import { createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import { createApiKeyStamp } from '@sigil/protocol'
import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { type Address, createPublicClient, http, type PublicClient, parseAbi } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { App } from '../apps/App.js'
import { createApp } from '../apps/createApp.js'
import { toApp } from '../apps/toApp.js'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { type TestServer, testAppOrigin } from '../test/createTestServer.js'
import type { LocalListener } from '../test/serveOnLocalPort.js'
import { signInTestUser, type TestSession } from '../test/signInTestUser.js'
import { startDevnetGateway } from './test/startDevnetGateway.js'
import { deploySimpleAccountFactories, entryPoints, toSimpleTestAccount } from './test/toSimpleTestAccount.js'

/**
 * Issue 15, "every policy is public": who may use a policy, replayed through the real listener against
 * anvil + alto + EntryPoint v0.7 + Sigil's paymaster. A `signed-in` policy needs a Sigil session's stamp
 * over the exact body (`X-Stamp`, `X-Sigil-Organization`); a `server` policy needs the app's API key.
 * Every refusal leaves the paymaster's EntryPoint deposit and the sponsorship records as they were.
 */

const target = '0x000000000000000000000000000000000000dEaD'
const jwtAppOrigin = 'https://backend-only.example'
const depositAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

let devnet: Devnet
let client: DevnetClient
let publicClient: PublicClient
let factory: Address

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrl)
  publicClient = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 50 })
  factory = (await deploySimpleAccountFactories(client))['0.7']
}, 120_000)
afterAll(() => devnet?.stop())

type Session = TestSession

/** What reaches the gateway: an app credential, and maybe a session stamp (of this body, or of another). */
type Caller = {
  origin?: string
  bearer?: string
  apiKeyInPath?: string
  session?: Session
  /** Changes the body after it was stamped (an attacker reusing a user's stamp). */
  tamper?: (body: string) => string
}

forEachDialect((dialect) => {
  let server: TestServer
  let listener: LocalListener
  let app: App
  let signedInPolicy: string
  let serverPolicy: string
  let jwtApp: { appId: string; apiKey: string; sign: () => Promise<string> }

  const signIn = (forApp: App, email: string, expirationSeconds = 900): Promise<Session> =>
    signInTestUser(server.app.sigil, forApp, email, expirationSeconds)

  beforeAll(async () => {
    ;({ server, listener } = await startDevnetGateway(dialect, devnet))
    const appRow = await server.store.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', server.signerApp.appId)
      .executeTakeFirstOrThrow()
    app = toApp(appRow)
    const policy = (appId: string, audience: 'signed-in' | 'server') =>
      createSponsorPolicy(server.store.db, {
        appId,
        chainIds: [devnet.chainId],
        audience,
        budgetWei: 10n ** 18n,
        now: Date.now(),
      })
    signedInPolicy = (await policy(app.id, 'signed-in')).id
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    const created = await createApp(server.store.db, {
      name: 'backend app',
      origins: [jwtAppOrigin],
      jwtPublicKey: await exportSPKI(publicKey),
      now: Date.now(),
    })
    jwtApp = {
      ...created,
      sign: () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'ES256' })
          .setIssuer(created.appId)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey),
    }
    serverPolicy = (await policy(created.appId, 'server')).id
  }, 60_000)
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })
  const realNow = () => Date.now()
  afterEach(() => {
    server.app.sigil.now = realNow
  })

  /** viem over the real listener as `caller`: its headers, and its stamp over each body. */
  const transportOf = (caller: Caller) =>
    http(`${listener.url}/rpc/${devnet.chainId}${caller.apiKeyInPath ? `/${caller.apiKeyInPath}` : ''}`, {
      async fetchFn(input, init) {
        const body = String(init?.body)
        const headers = new Headers(init?.headers)
        if (caller.origin) headers.set('origin', caller.origin)
        if (caller.bearer) headers.set('authorization', `Bearer ${caller.bearer}`)
        if (caller.session) {
          const stamp = await createApiKeyStamp({ body, privateKey: caller.session.key.privateKey })
          headers.set(stamp.stampHeaderName, stamp.stampHeaderValue)
          headers.set('X-Sigil-Organization', caller.session.organizationId)
        }
        const sent = caller.tamper ? caller.tamper(body) : body
        return fetch(input, { ...init, headers, body: sent })
      },
    })

  const deposit = () =>
    publicClient.readContract({
      address: entryPoints['0.7'].address,
      abi: depositAbi,
      functionName: 'balanceOf',
      args: [devnet.paymasters['0.7']],
    })
  const recorded = async () =>
    (await server.store.db.selectFrom('sponsor_operations').selectAll().execute()).length

  /** A sponsored first operation of a fresh SimpleAccount v0.7 sent by `caller` under `policyId`. */
  const sponsor = async (caller: Caller, policyId: string) => {
    const account = await toSimpleTestAccount({
      client: publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      version: '0.7',
      factory,
    })
    const bundler = createBundlerClient({
      account,
      client: publicClient,
      transport: transportOf(caller),
      paymaster: true,
      paymasterContext: { policyId },
      pollingInterval: 50,
      // Fees well inside the gateway's caps: the latest base fee × 1.5 plus a 1 gwei tip.
      userOperation: {
        async estimateFeesPerGas() {
          const { baseFeePerGas } = await publicClient.getBlock()
          const maxPriorityFeePerGas = 10n ** 9n
          return { maxFeePerGas: (baseFeePerGas! * 3n) / 2n + maxPriorityFeePerGas, maxPriorityFeePerGas }
        },
      },
    })
    const hash = await bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] })
    return bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
  }

  /** `caller`'s sponsorship is refused with `message`; the paymaster signed nothing and paid nothing. */
  const expectRefused = async (caller: Caller, policyId: string, message: string) => {
    const [depositBefore, recordsBefore] = [await deposit(), await recorded()]
    await expect(sponsor(caller, policyId)).rejects.toThrow(message)
    expect(await deposit()).toBe(depositBefore)
    expect(await recorded()).toBe(recordsBefore)
  }

  /** `caller`'s operation lands sponsored; the deposit drops by exactly its real cost. */
  const expectSponsored = async (caller: Caller, policyId: string) => {
    const [depositBefore, recordsBefore] = [await deposit(), await recorded()]
    const receipt = await sponsor(caller, policyId)
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(devnet.paymasters['0.7'].toLowerCase())
    expect(depositBefore - (await deposit())).toBe(receipt.actualGasCost)
    expect(await recorded()).toBeGreaterThan(recordsBefore)
  }

  describe('signed-in policies', () => {
    test('default: a signed-in user whose session stamps the body is sponsored', async () => {
      const session = await signIn(app, 'signed-in@example.com')
      await expectSponsored({ origin: testAppOrigin, session }, signedInPolicy)
    }, 60_000)

    test('error: an anonymous caller with a forged Origin is refused; the paymaster signs nothing', async () => {
      await expectRefused(
        { origin: testAppOrigin },
        signedInPolicy,
        `Policy ${signedInPolicy} sponsors signed-in users only: sign in first`,
      )
      // The app's API key is not a user either.
      await expectRefused(
        { bearer: server.signerApp.apiKey },
        signedInPolicy,
        `Policy ${signedInPolicy} sponsors signed-in users only: sign in first`,
      )
    }, 60_000)

    test('error: a session of a user of another app is refused', async () => {
      const { appId } = await createApp(server.store.db, {
        name: 'other app',
        origins: ['https://other.example'],
        now: Date.now(),
      })
      const otherApp = toApp(
        await server.store.db
          .selectFrom('apps')
          .selectAll()
          .where('id', '=', appId)
          .executeTakeFirstOrThrow(),
      )
      const session = await signIn(otherApp, 'other-app@example.com')
      await expectRefused(
        { origin: testAppOrigin, session },
        signedInPolicy,
        'Sigil session stamp refused: the signed-in user belongs to another app',
      )
    }, 60_000)

    test("error: a user's stamp on a tampered body is refused", async () => {
      const session = await signIn(app, 'tampered@example.com')
      let tampered = 0
      // The user's stamped sponsorship request, its fee raised to 1,000 gwei on the way.
      const tamper = (body: string) => {
        if (!body.includes('"pm_')) return body
        const changed = body.replace(/"maxFeePerGas":"0x[0-9a-f]+"/, '"maxFeePerGas":"0xe8d4a51000"')
        if (changed !== body) tampered += 1
        return changed
      }
      await expectRefused(
        { origin: testAppOrigin, session, tamper },
        signedInPolicy,
        'Sigil session stamp refused: the stamp does not match the request body',
      )
      expect(tampered).toBeGreaterThan(0)
    }, 60_000)

    test('error: an expired or a revoked session is refused', async () => {
      const expiring = await signIn(app, 'expired@example.com', 60)
      server.app.sigil.now = () => Date.now() + 61_000
      await expectRefused(
        { origin: testAppOrigin, session: expiring },
        signedInPolicy,
        'Sigil session stamp refused: the session has expired: sign in again',
      )
      server.app.sigil.now = realNow

      const revoked = await signIn(app, 'revoked@example.com')
      const deleted = await server.submit(
        'delete_api_keys',
        'ACTIVITY_TYPE_DELETE_API_KEYS',
        { userId: revoked.userId, apiKeyIds: [revoked.apiKeyId] },
        { organizationId: revoked.organizationId, key: revoked.key },
      )
      expect(deleted.status).toBe(200)
      await expectRefused(
        { origin: testAppOrigin, session: revoked },
        signedInPolicy,
        'Sigil session stamp refused: the session is unknown or was revoked: sign in again',
      )
    }, 60_000)

    test('error: a stamp without X-Sigil-Organization, or naming another organization, is refused', async () => {
      const session = await signIn(app, 'no-organization@example.com')
      const other = await signIn(app, 'someone-else@example.com')
      await expectRefused(
        { origin: testAppOrigin, session: { ...session, organizationId: '' } },
        signedInPolicy,
        "Sigil session stamp refused: a stamped request names the user's organization in X-Sigil-Organization",
      )
      await expectRefused(
        { origin: testAppOrigin, session: { ...session, organizationId: other.organizationId } },
        signedInPolicy,
        "Sigil session stamp refused: the session's user is not in the organization named by X-Sigil-Organization",
      )
    }, 60_000)
  })

  test("behavior: a browser's preflight may send the stamp headers", async () => {
    const response = await fetch(`${listener.url}/rpc/${devnet.chainId}`, {
      method: 'OPTIONS',
      headers: {
        origin: testAppOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-stamp,x-stamp-webauthn,x-sigil-organization',
      },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(testAppOrigin)
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase().split(',') ?? []
    expect(allowed).toEqual(expect.arrayContaining(['x-stamp', 'x-stamp-webauthn', 'x-sigil-organization']))
  })

  test('error: a malformed stamp is refused, even by a public policy: never a silent anonymous caller', async () => {
    const publicPolicy = await createSponsorPolicy(server.store.db, {
      appId: app.id,
      chainIds: [devnet.chainId],
      audience: 'public',
      budgetWei: 10n ** 18n,
      now: Date.now(),
    })
    const response = await fetch(`${listener.url}/rpc/${devnet.chainId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: testAppOrigin,
        'X-Stamp': 'not a stamp',
        'X-Sigil-Organization': 'org',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterStubData',
        params: [
          {
            sender: '0x4444444444444444444444444444444444444444',
            nonce: '0x0',
            callData: '0x',
            callGasLimit: '0x0',
            verificationGasLimit: '0x0',
            preVerificationGas: '0x0',
            maxFeePerGas: '0x0',
            maxPriorityFeePerGas: '0x0',
            signature: '0x',
          },
          entryPoints['0.7'].address,
          '0x7a69',
          { policyId: publicPolicy.id },
        ],
      }),
    })
    expect(await response.json()).toMatchObject({
      error: { code: -32501, message: 'Sigil session stamp refused: the stamp is malformed' },
    })
  })

  describe('server policies', () => {
    test("default: the app's API key (bearer or in the path) is sponsored", async () => {
      await expectSponsored({ bearer: jwtApp.apiKey }, serverPolicy)
      await expectSponsored({ apiKeyInPath: jwtApp.apiKey }, serverPolicy)
    }, 60_000)

    test("error: a browser origin or an app JWT is refused: the policy is the backend's", async () => {
      await expectRefused(
        { origin: jwtAppOrigin },
        serverPolicy,
        `Policy ${serverPolicy} sponsors the app's backend only: send the app's API key (a browser origin is not enough)`,
      )
      await expectRefused(
        { bearer: await jwtApp.sign() },
        serverPolicy,
        `Policy ${serverPolicy} sponsors the app's backend only: send the app's API key (an app JWT is not enough)`,
      )
      // A signed-in user of the app is not its backend either.
      const ctx = server.app.sigil
      const backendApp = toApp(
        await ctx.store.db
          .selectFrom('apps')
          .selectAll()
          .where('id', '=', jwtApp.appId)
          .executeTakeFirstOrThrow(),
      )
      const session = await signIn(backendApp, 'backend-user@example.com')
      await expectRefused(
        { origin: jwtAppOrigin, session },
        serverPolicy,
        `Policy ${serverPolicy} sponsors the app's backend only`,
      )
    }, 60_000)
  })
})
