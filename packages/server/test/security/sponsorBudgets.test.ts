import { createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import type { EvmChainConfig } from '../../src/gateway/ChainConfig.js'
import { startDevnetGateway } from '../../src/rpc/test/startDevnetGateway.js'
import { deploySimpleAccountFactories } from '../../src/rpc/test/toSimpleTestAccount.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import { disableSponsorPolicy } from '../../src/sponsor/disableSponsorPolicy.js'
import { findSponsorPolicy } from '../../src/sponsor/findSponsorPolicy.js'
import { readPolicySpending } from '../../src/sponsor/readPolicySpending.js'
import { settleSponsorships } from '../../src/sponsor/settleSponsorships.js'
import {
  newSponsorTestAccount,
  sendTestUserOperation,
  signedOf,
  waitForTestReceipt,
} from '../../src/sponsor/test/sponsorTestAccount.js'
import { createTestStore, type TestStore } from '../../src/store/test/storeDialects.js'
import { type TestServer, testMasterKey } from '../../src/test/createTestServer.js'
import type { LocalListener } from '../../src/test/serveOnLocalPort.js'
import { runCli, type SpawnedServer, spawnServer } from '../../src/test/spawnServer.js'

/**
 * Issue 15, "budget bypass by re-signing" and "disable means stop", against a real anvil + alto +
 * EntryPoints + Sigil paymasters through the real listener: a re-signature of a nonce never lowers its
 * reservation, settlement turns reservations into real costs (or releases them), a disabled policy's
 * signatures are refused at submission, and two server processes on one PostgreSQL never sign past a
 * budget. The paymaster's EntryPoint deposit is read before and after.
 */

const slow = { timeout: 240_000 }
const entryPoint = entryPoint07Address

let devnet: Devnet
let client: DevnetClient
let publicClient: PublicClient
let factory: Address
let chain: EvmChainConfig

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrl)
  publicClient = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 50 })
  factory = (await deploySimpleAccountFactories(client))['0.7']
  chain = {
    id: devnet.chainId,
    rpcUrl: devnet.rpcUrl,
    bundlerUrl: devnet.bundlerUrl,
    paymasters: devnet.paymasters,
  }
}, 120_000)
afterAll(() => devnet?.stop())

/** The v0.7 paymaster's deposit at the EntryPoint (what the EntryPoint can charge it). */
const deposit = () =>
  publicClient.readContract({
    address: entryPoint,
    abi: entryPoint07Abi,
    functionName: 'balanceOf',
    args: [devnet.paymasters['0.7']],
  })

/** A fresh SimpleAccount (v0.7) whose first operation the gateway is asked to sponsor. */
const newAccount = () => newSponsorTestAccount({ publicClient, factory, chainId: chain.id })
const send = sendTestUserOperation
const waitForReceipt = waitForTestReceipt

/** Twice the fees and half again every gas limit: the most expensive operation the gateway signs (about 2.8× the plain one's worst case). */
const half = { multiplier: 1.5 }
const expensiveOverrides = {
  maxFeePerGas: { multiplier: 2 },
  callGasLimit: half,
  verificationGasLimit: half,
  paymasterVerificationGasLimit: half,
  paymasterPostOpGasLimit: half,
}

describe('budgets that hold, disable that stops (devnet, real listener)', slow, () => {
  let server: TestServer
  let listener: LocalListener
  let url: string
  const policy = (limits: { budgetWei?: bigint }) =>
    createSponsorPolicy(server.store.db, {
      appId: server.signerApp.appId,
      chainIds: [chain.id],
      audience: 'public',
      // Budgets of a few operations, one user may hold all of it (the share has its own tests).
      maxReservedSharePerUserBps: 10_000,
      now: Date.now(),
      ...limits,
    })
  const rowsOf = (policyId: string) =>
    server.store.db.selectFrom('sponsor_operations').selectAll().where('policy_id', '=', policyId).execute()
  const settle = () =>
    settleSponsorships({
      db: server.store.db,
      writes: server.app.sigil.batcher,
      chains: [chain],
      logger: server.app.sigil.logger,
      now: Date.now(),
    })

  beforeAll(async () => {
    ;({ server, listener } = await startDevnetGateway('sqlite', devnet))
    url = `${listener.url}/rpc/${chain.id}/${server.signerApp.apiKey}`
  }, 60_000)
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  test('error: a cheap re-signature does not free the expensive one; the deposit drops by at most the budget; settlement books the real cost', async () => {
    const victim = await newAccount()
    const other = await newAccount()
    // What an expensive operation of this shape costs at worst (another account, an unlimited policy).
    const probe = signedOf(await other.sponsor(url, (await policy({})).id, { overrides: expensiveOverrides }))
    const budget = (probe.maxCostWei * 3n) / 2n
    const { id } = await policy({ budgetWei: budget })

    const expensive = signedOf(await victim.sponsor(url, id, { overrides: expensiveOverrides }))
    const cheap = signedOf(await victim.sponsor(url, id))
    // Before issue 15 the cheap re-signature replaced the expensive one's record: this one then fit.
    expect(cheap.maxCostWei + expensive.maxCostWei).toBeLessThanOrEqual(budget)
    expect(await other.sponsor(url, id, { overrides: expensiveOverrides })).toEqual({
      error: { code: -32501, message: `Policy ${id} budget exhausted` },
    })

    // A never-submitted signature made 200 s ago (the server's clock): its validUntil has passed.
    const stale = await newAccount()
    const staleNow = server.app.sigil.now
    server.app.sigil.now = () => Date.now() - 200_000
    const unlimited = await policy({})
    const expired = await stale.sponsor(url, unlimited.id)
    server.app.sigil.now = staleNow
    expect(expired).toHaveProperty('maxCostWei')

    const before = await deposit()
    const sent = await send(url, expensive.userOperation)
    expect(sent.error).toBeUndefined()
    const receipt = await waitForReceipt(url, sent.result)
    expect(receipt.success).toBe(true)
    const spent = before - (await deposit())
    expect(spent).toBeGreaterThan(0n)
    expect(spent).toBeLessThanOrEqual(budget)
    console.info(`re-signing: budget ${budget} wei; paymaster deposit dropped by ${spent} wei`)

    await settle()
    const rows = await rowsOf(id)
    const byCost = (cost: bigint) => rows.find((row) => row.max_cost_wei === cost.toString())!
    expect(byCost(expensive.maxCostWei)).toMatchObject({ actual_cost_wei: spent.toString() })
    expect(byCost(cheap.maxCostWei)).toMatchObject({ actual_cost_wei: '0' })
    expect((await rowsOf(unlimited.id)).map((row) => row.actual_cost_wei)).toEqual(['0'])
    const settled = await findSponsorPolicy(server.store.db, { policyId: id, appId: server.signerApp.appId })
    expect(settled.spentWei).toBe(spent)
    expect(await readPolicySpending(server.store.db, settled, Date.now())).toEqual({
      periodStart: 0,
      spentWei: spent,
      reservedWei: 0n,
      remainingWei: budget - spent,
    })
    // Settling again changes nothing (several instances settle concurrently).
    await settle()
    expect(
      (await findSponsorPolicy(server.store.db, { policyId: id, appId: server.signerApp.appId })).spentWei,
    ).toBe(spent)

    // `policy list` shows the same, and the paymasters' deposits.
    const listed = await runCli(
      ['policy', 'list', '--app', server.signerApp.appId, '--data-dir', server.store.location.dataDir!],
      {
        SIGIL_MASTER_KEY: testMasterKey,
        SIGIL_CHAINS: JSON.stringify([chain]),
      },
    )
    const shown = (JSON.parse(listed.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>[]).find(
      (each) => each.policyId === id,
    )
    expect(shown).toMatchObject({
      budgetWei: budget.toString(),
      spentWei: spent.toString(),
      reservedWei: '0',
      remainingWei: (budget - spent).toString(),
      paymasterDeposits: expect.arrayContaining([
        {
          chainId: chain.id,
          entryPoint,
          paymaster: devnet.paymasters['0.7'],
          depositWei: (await deposit()).toString(),
        },
      ]),
    })
  })

  test('behavior: the running server settles by itself: a signature past its validUntil is released', async () => {
    const { id } = await policy({ budgetWei: 10n ** 18n })
    const staleNow = server.app.sigil.now
    server.app.sigil.now = () => Date.now() - 200_000
    signedOf(await (await newAccount()).sponsor(url, id))
    server.app.sigil.now = staleNow
    // A new block whose timestamp is past the signature's validUntil.
    await client.mine({ blocks: 1 })
    const released = async () => (await rowsOf(id))[0]?.actual_cost_wei
    await expect.poll(released, { timeout: 45_000, interval: 500 }).toBe('0')
  })

  test('error: an operation signed before policy disable is refused at submission; the deposit is unchanged', async () => {
    const { id } = await policy({ budgetWei: 10n ** 18n })
    const user = await newAccount()
    const signed = signedOf(await user.sponsor(url, id))
    await disableSponsorPolicy(server.store.db, { policyId: id, now: Date.now() })
    const before = await deposit()
    expect(await send(url, signed.userOperation)).toMatchObject({
      error: { code: -32501, message: `Policy ${id} is disabled` },
    })
    // Nothing reached the bundler: the account was never deployed, the deposit is what it was.
    await client.mine({ blocks: 1 })
    expect(await client.getCode({ address: user.account.address })).toBeUndefined()
    expect(await deposit()).toBe(before)
  })
})

describe('two server processes on one PostgreSQL race for the last of a budget', slow, () => {
  let store: TestStore
  let servers: SpawnedServer[] = []
  beforeAll(async () => {
    store = await createTestStore('postgres')
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await store?.cleanup()
  })

  test('behavior: signed operations × their cost stay within the budget, and every one is recorded', async () => {
    const env = {
      SIGIL_MASTER_KEY: testMasterKey,
      SIGIL_CHAINS: JSON.stringify([chain]),
      SIGIL_LOG_LEVEL: 'warn',
    }
    const databaseUrl = store.location.databaseUrl!
    const signer = await runCli(['paymaster', 'signer', '--database-url', databaseUrl], env)
    await devnet.setPaymasterSigner(JSON.parse(signer.stdout.trim().split('\n').at(-1)!).address)
    servers = await Promise.all(
      [0, 1].map(() => spawnServer(['start', '--port', '0', '--database-url', databaseUrl], env)),
    )
    const { appId, apiKey } = await createApp(store.db, {
      name: 'race',
      origins: ['http://localhost:5173'],
      now: Date.now(),
    })
    const urls = servers.map((server) => `${server.url}/rpc/${chain.id}/${apiKey}`)
    const accounts = await Promise.all(Array.from({ length: 8 }, () => newAccount()))
    const probe = signedOf(
      await accounts[0]!.sponsor(
        urls[0]!,
        (await createSponsorPolicy(store.db, { appId, audience: 'public', now: Date.now() })).id,
      ),
    )
    const budget = (probe.maxCostWei * 7n) / 2n
    const { id } = await createSponsorPolicy(store.db, {
      appId,
      audience: 'public',
      budgetWei: budget,
      maxReservedSharePerUserBps: 10_000,
      now: Date.now(),
    })

    const results = await Promise.all(accounts.map((each, n) => each.sponsor(urls[n % 2]!, id)))
    const signed = results.flatMap((result) => ('error' in result ? [] : [result]))
    const refused = results.filter((result) => 'error' in result)
    expect(signed.length).toBeGreaterThan(0)
    expect(refused.length).toBeGreaterThan(0)
    for (const result of refused)
      expect(result).toEqual({ error: { code: -32501, message: `Policy ${id} budget exhausted` } })
    const signedCost = signed.reduce((sum, result) => sum + result.maxCostWei, 0n)
    expect(signedCost).toBeLessThanOrEqual(budget)
    const rows = await store.db
      .selectFrom('sponsor_operations')
      .selectAll()
      .where('policy_id', '=', id)
      .execute()
    expect(rows.map((row) => row.sender).sort()).toEqual(
      signed.map((result) => result.userOperation.sender.toLowerCase()).sort(),
    )
    console.info(
      `race: budget ${budget} wei; ${signed.length} signed for ${signedCost} wei, ${refused.length} refused`,
    )
  })
})
