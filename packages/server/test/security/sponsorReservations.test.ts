import { createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { anvil } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { App } from '../../src/apps/App.js'
import { toApp } from '../../src/apps/toApp.js'
import type { EvmChainConfig } from '../../src/gateway/ChainConfig.js'
import { startDevnetGateway } from '../../src/rpc/test/startDevnetGateway.js'
import { deploySimpleAccountFactories } from '../../src/rpc/test/toSimpleTestAccount.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import { findSponsorPolicy } from '../../src/sponsor/findSponsorPolicy.js'
import { readPolicySpending } from '../../src/sponsor/readPolicySpending.js'
import {
  type GatewayCaller,
  newSponsorTestAccount,
  type Sponsored,
  sendTestUserOperation,
  signedOf,
} from '../../src/sponsor/test/sponsorTestAccount.js'
import { type TestServer, testAppOrigin } from '../../src/test/createTestServer.js'
import type { LocalListener } from '../../src/test/serveOnLocalPort.js'
import { signInTestUser } from '../../src/test/signInTestUser.js'

/**
 * Issue 29, "a reservation nobody can use": one request whose worst case was the whole daily budget left
 * every other user with "budget exhausted", renewable every validity window by one account (on a public
 * policy, by fresh senders). Replayed through the real listener against anvil + alto + EntryPoint v0.7 +
 * Sigil's paymaster, with the server's `SIGIL_SPONSOR_VALIDITY_SECONDS` at its minimum (10): one user (a
 * Sigil user, or a sender on a public policy) holds at most its share of the budget in open reservations,
 * and a reservation stops counting once its operation can no longer land (validUntil passed on a chain
 * that mines no block, its nonce used by something else). The policy's reserved and remaining wei are
 * read before and after.
 */

const slow = { timeout: 240_000 }
const simpleAccountAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
const nonceAbi = parseAbi(['function incrementNonce(uint192 key)'])

let devnet: Devnet
let client: DevnetClient
let publicClient: PublicClient
let factory: Address
let chain: EvmChainConfig
let server: TestServer
let listener: LocalListener
let app: App
/** The gateway with the app's API key in the path (public and server policies). */
let url: string

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrl)
  publicClient = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 50 })
  factory = (await deploySimpleAccountFactories(client))['0.7']
  ;({ server, listener, chain } = await startDevnetGateway('sqlite', devnet, { sponsorValiditySeconds: 10 }))
  url = `${listener.url}/rpc/${chain.id}/${server.signerApp.apiKey}`
  app = toApp(
    await server.store.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', server.signerApp.appId)
      .executeTakeFirstOrThrow(),
  )
}, 120_000)
afterAll(async () => {
  await listener?.close()
  await server?.cleanup()
  await devnet?.stop()
})
afterEach(() => {
  server.app.sigil.config.sponsorValiditySeconds = 10
})

/** Signatures valid for 120 s: nothing expires while a test runs. */
const longValidity = () => {
  server.app.sigil.config.sponsorValiditySeconds = 120
}
const newAccount = () => newSponsorTestAccount({ publicClient, factory, chainId: chain.id })
const policy = (audience: 'public' | 'signed-in', budgetWei?: bigint) =>
  createSponsorPolicy(server.store.db, {
    appId: app.id,
    chainIds: [chain.id],
    audience,
    budgetWei,
    now: Date.now(),
  })
const spending = async (policyId: string) =>
  readPolicySpending(
    server.store.db,
    await findSponsorPolicy(server.store.db, { policyId, appId: app.id }),
    Date.now(),
  )
const rowsOf = (policyId: string) =>
  server.store.db.selectFrom('sponsor_operations').selectAll().where('policy_id', '=', policyId).execute()
const deposit = () =>
  publicClient.readContract({
    address: entryPoint07Address,
    abi: entryPoint07Abi,
    functionName: 'balanceOf',
    args: [devnet.paymasters['0.7']],
  })

/**
 * What one user gets by asking again and again (up to 30 times, `attempt(n)` each time): the worst cases
 * signed, and the first refusal.
 */
async function squat(attempt: (n: number) => Promise<Sponsored>) {
  const signed: bigint[] = []
  for (let n = 0; n < 30; n++) {
    const answer = await attempt(n)
    if ('error' in answer) return { signed, held: signed.reduce((a, b) => a + b, 0n), refusal: answer.error }
    signed.push(answer.maxCostWei)
  }
  return { signed, held: signed.reduce((a, b) => a + b, 0n), refusal: undefined }
}

/** A budget of 25 honest operations of this shape (measured with another account on an unlimited policy). */
async function budgetOf25(audience: 'public' | 'signed-in', caller: GatewayCaller) {
  const probe = signedOf(await (await newAccount()).sponsor(caller, (await policy(audience)).id))
  return probe.maxCostWei * 25n
}

describe('reservations nobody can squat (devnet, real listener)', slow, () => {
  test('error: one sender cannot hold more than 10 % of a public budget in open reservations; the next sender is sponsored', async () => {
    longValidity()
    const budget = await budgetOf25('public', url)
    const share = budget / 10n
    const { id } = await policy('public', budget)
    expect(await spending(id)).toMatchObject({ reservedWei: 0n, remainingWei: budget })

    const squatter = await newAccount()
    // The same sender, another operation each time (another nonce key).
    const { signed, held, refusal } = await squat((n) => squatter.sponsor(url, id, { nonceKey: BigInt(n) }))
    const after = await spending(id)
    console.info(
      `public: budget ${budget} wei; one sender signed ${signed.length} operations holding ${held} wei; reserved ${after.reservedWei}, remaining ${after.remainingWei}`,
    )
    expect(signed.length).toBeGreaterThan(0)
    expect(held).toBeLessThanOrEqual(share)
    expect(refusal).toEqual({
      code: -32501,
      message: expect.stringContaining(
        `Policy ${id} lets one user hold at most 10% of its budget (${share} wei) in open reservations; this user holds ${held} wei`,
      ),
    })
    expect(after).toMatchObject({ reservedWei: held, remainingWei: budget - held })
    const next = signedOf(await (await newAccount()).sponsor(url, id))
    expect(await spending(id)).toMatchObject({ reservedWei: held + next.maxCostWei })
  })

  test('error: one signed-in user cannot hold more than 10 % of the budget across fresh accounts; the next user is sponsored', async () => {
    longValidity()
    const base = `${listener.url}/rpc/${chain.id}`
    const as = async (email: string): Promise<GatewayCaller> => {
      const session = await signInTestUser(server.app.sigil, app, email)
      return {
        url: base,
        origin: testAppOrigin,
        session: { privateKey: session.key.privateKey, organizationId: session.organizationId },
      }
    }
    const squatter = await as('squatter@example.com')
    const budget = await budgetOf25('signed-in', squatter)
    const share = budget / 10n
    const { id } = await policy('signed-in', budget)
    expect(await spending(id)).toMatchObject({ reservedWei: 0n, remainingWei: budget })

    // A fresh account each time: the same Sigil user.
    const { signed, held, refusal } = await squat(async () => (await newAccount()).sponsor(squatter, id))
    const after = await spending(id)
    console.info(
      `signed-in: budget ${budget} wei; one user signed ${signed.length} operations holding ${held} wei; reserved ${after.reservedWei}, remaining ${after.remainingWei}`,
    )
    expect(signed.length).toBeGreaterThan(0)
    expect(held).toBeLessThanOrEqual(share)
    expect(refusal?.message).toContain(
      `lets one user hold at most 10% of its budget (${share} wei) in open reservations; this user holds ${held} wei`,
    )
    expect(after).toMatchObject({ reservedWei: held, remainingWei: budget - held })
    signedOf(await (await newAccount()).sponsor(await as('next@example.com'), id))
  })

  test('behavior: an operation signed and never sent stops counting once validUntil passes, with no new block', async () => {
    const budget = 10n ** 18n
    const { id } = await policy('public', budget)
    const signed = signedOf(await (await newAccount()).sponsor(url, id))
    const blockBefore = await publicClient.getBlock()
    const [row] = await rowsOf(id)
    expect(Number(row!.valid_until)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 10)
    expect(await spending(id)).toMatchObject({
      reservedWei: signed.maxCostWei,
      remainingWei: budget - signed.maxCostWei,
    })

    // The devnet automines: with nothing sent, no block comes whose timestamp passes validUntil.
    await expect
      .poll(async () => (await spending(id)).remainingWei, { timeout: 120_000, interval: 1_000 })
      .toBe(budget)
    const blockAfter = await publicClient.getBlock()
    console.info(
      `never sent: reserved ${signed.maxCostWei} wei, remaining back to ${budget}; latest block ${blockBefore.number} → ${blockAfter.number} (timestamp ${blockAfter.timestamp} ≤ validUntil ${row!.valid_until})`,
    )
    expect(blockAfter.number).toBe(blockBefore.number)
    expect(blockAfter.timestamp).toBeLessThanOrEqual(BigInt(row!.valid_until!))
    // The row stays open until the chain shows a block past validUntil (an inclusion would still be
    // charged); then the running server releases it.
    expect((await rowsOf(id))[0]).toMatchObject({ settled_at: null })
    await client.mine({ blocks: 1 })
    await expect
      .poll(async () => (await rowsOf(id))[0]?.actual_cost_wei, { timeout: 60_000, interval: 500 })
      .toBe('0')
    expect(await spending(id)).toMatchObject({ spentWei: 0n, reservedWei: 0n, remainingWei: budget })
  })

  test('behavior: a reservation whose nonce the sender used without an operation (incrementNonce) is released', async () => {
    longValidity()
    const budget = 10n ** 18n
    const { id } = await policy('public', budget)
    const user = await newAccount()
    // The account is deployed (the devnet's funded account pays), so its owner can call it directly.
    const args = await user.account.getFactoryArgs()
    await publicClient.waitForTransactionReceipt({
      hash: await client.sendTransaction({ to: args.factory!, data: args.factoryData! }),
    })
    const signed = signedOf(await user.sponsor(url, id))
    expect(signed.userOperation.nonce).toBe(0n)
    const before = await spending(id)
    expect(before).toMatchObject({ reservedWei: signed.maxCostWei, remainingWei: budget - signed.maxCostWei })

    // The owner has the account call EntryPoint.incrementNonce(0): nonce 0 is used, no UserOperationEvent.
    await client.setBalance({ address: user.owner.address, value: 10n ** 18n })
    const owner = createWalletClient({ account: user.owner, chain: anvil, transport: http(devnet.rpcUrl) })
    const hash = await owner.writeContract({
      address: user.account.address,
      abi: simpleAccountAbi,
      functionName: 'execute',
      args: [
        entryPoint07Address,
        0n,
        encodeFunctionData({ abi: nonceAbi, functionName: 'incrementNonce', args: [0n] }),
      ],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    expect(await user.account.getNonce({ key: 0n })).toBe(1n)

    // The running server's settlement (every 15 s) releases it, long before its validUntil.
    await expect
      .poll(async () => (await rowsOf(id))[0]?.actual_cost_wei, { timeout: 60_000, interval: 500 })
      .toBe('0')
    const [row] = await rowsOf(id)
    const { timestamp } = await publicClient.getBlock()
    expect(timestamp).toBeLessThanOrEqual(BigInt(row!.valid_until!))
    const after = await spending(id)
    console.info(
      `nonce used elsewhere: reserved ${before.reservedWei} → ${after.reservedWei} wei, remaining ${before.remainingWei} → ${after.remainingWei}`,
    )
    expect(after).toMatchObject({ spentWei: 0n, reservedWei: 0n, remainingWei: budget })
    // And it can no longer land: the bundler refuses the signed operation; the deposit is unchanged.
    const depositBefore = await deposit()
    expect((await sendTestUserOperation(url, signed.userOperation)).error).toBeDefined()
    expect(await deposit()).toBe(depositBefore)
  })
})
