import { readArtifact } from '@sigil/devnet'
import type { Address, Hex } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../apps/createApp.js'
import type { EvmChainConfig } from '../gateway/ChainConfig.js'
import { createLogger } from '../log/createLogger.js'
import { createTestStore, type TestStore } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { createSponsorPolicy } from './createSponsorPolicy.js'
import { createPaymasterCli, lastJson } from './deploy/test/createPaymasterCli.js'
import { type PaymasterTestChain, startPaymasterTestChain } from './deploy/test/startPaymasterTestChain.js'
import { settleSponsorships } from './settleSponsorships.js'
import {
  type LandedOperation,
  sendEip7702OperationWithOtherDelegate,
} from './test/sendEip7702OperationWithOtherDelegate.js'

/**
 * Settlement of EIP-7702 operations on EntryPoint v0.8 whose recorded user operation hash is not the one the
 * EntryPoint gave them, on a plain anvil with the official EntryPoints, an alto bundler and a deployed Sigil
 * paymaster: the server hashes with the delegate named by the client's `eip7702Auth`, the chain runs the
 * sender's current delegate. Settlement finds the operation by sender and nonce instead.
 */

const slow = { timeout: 180_000 }
const env = { SIGIL_MASTER_KEY: testMasterKey }
/** The operation's nonce key: its nonce is 7 × 2^64, far from the decimal and hex forms agreeing by chance. */
const nonceKey = 7n

let chain: PaymasterTestChain
let paymaster: Address
type Attack = Omit<Awaited<ReturnType<typeof sendEip7702OperationWithOtherDelegate>>, 'policy'> & {
  policy: { spentWei: string; reservedWei: string; operations: number }
}
/** Through the gateway and alto, then by the attacker's own `handleOps` with an authorization that does not apply. */
let attacks: { gateway: Attack; handleOps: Attack }
let receipt: LandedOperation
let delegatedCode: Hex | undefined

beforeAll(async () => {
  chain = await startPaymasterTestChain()
  process.env.SIGIL_MASTER_KEY = testMasterKey
  const cli = createPaymasterCli({ rpcUrl: chain.rpcUrl, dataDir: chain.dataDir, version: '0.8', env })
  const deployKey = { SIGIL_DEPLOYER_KEY: chain.deployerKey }
  const deployed = await cli.inProcess('deploy', [], deployKey)
  if (deployed.code !== 0) throw new Error(deployed.stderr)
  paymaster = lastJson(deployed.stdout).address
  for (const [action, args] of [
    ['deposit', ['--amount', '1']],
    ['stake', ['--amount', '0.5', '--unstake-delay', '86400']],
  ] as const) {
    const run = await cli.inProcess(action, [...args], deployKey)
    if (run.code !== 0) throw new Error(run.stderr)
  }
  // The sender: an EOA delegated to Simple7702Account by a plain EIP-7702 transaction (not through the
  // EntryPoint); another copy of Simple7702Account is the delegate its later authorization names.
  const owner = privateKeyToAccount(generatePrivateKey())
  const delegate = chain.simple7702Account08
  const { abi, bytecode } = readArtifact('@account-abstraction/contracts', 'Simple7702Account')
  const deployment = await chain.client.deployContract({ abi, bytecode, args: [] })
  const claimedDelegate = (await chain.client.waitForTransactionReceipt({ hash: deployment }))
    .contractAddress!
  const delegation = await chain.client.sendTransaction({
    to: owner.address,
    authorizationList: [await owner.signAuthorization({ address: delegate, chainId: 31337, nonce: 0 })],
  })
  await chain.client.waitForTransactionReceipt({ hash: delegation })
  const code = await chain.client.getCode({ address: owner.address })
  if (code?.toLowerCase() !== `0xef0100${delegate.slice(2).toLowerCase()}`)
    throw new Error(`not delegated: ${code}`)
  const attack = (submit: 'gateway' | 'handleOps', nonceKey: bigint) =>
    sendEip7702OperationWithOtherDelegate({
      ...chain,
      env,
      paymaster,
      owner,
      delegate,
      claimedDelegate,
      nonceKey,
      submit,
    })
  const sent = {
    gateway: await attack('gateway', nonceKey),
    handleOps: await attack('handleOps', nonceKey + 1n),
  }
  // A block past both signatures' validUntil: unfound, they would be released from now on.
  const last = sent.gateway.validUntil > sent.handleOps.validUntil ? sent.gateway : sent.handleOps
  await chain.client.setNextBlockTimestamp({ timestamp: last.validUntil + 1n })
  await chain.client.mine({ blocks: 1 })
  attacks = {
    gateway: { ...sent.gateway, policy: await sent.gateway.policy() },
    handleOps: { ...sent.handleOps, policy: await sent.handleOps.policy() },
  }
  receipt = attacks.gateway.landed
  delegatedCode = await chain.client.getCode({ address: owner.address })
}, 180_000)
afterAll(async () => {
  await chain?.stop()
  delete process.env.SIGIL_MASTER_KEY
})

describe(
  'settleSponsorships: operations found by sender and nonce (anvil + alto, EntryPoint v0.8)',
  slow,
  () => {
    for (const submit of ['gateway', 'handleOps'] as const)
      test(`error: an EIP-7702 operation sponsored under another delegate (${submit}) is charged its real cost, not released at 0`, () => {
        const { landed, recordedHash, policy } = attacks[submit]
        expect(landed.success).toBe(true)
        expect(landed.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
        expect(landed.nonce).toBe((submit === 'gateway' ? nonceKey : nonceKey + 1n) << 64n)
        // The attack's premise: the hash recorded at signing is not the one the EntryPoint gave the operation.
        expect(landed.userOpHash.toLowerCase()).not.toBe(recordedHash.toLowerCase())
        // Before the fix its reservation was released at 0 once the chain passed validUntil: paid, not charged.
        expect(policy).toMatchObject({
          spentWei: landed.actualGasCost.toString(),
          reservedWei: '0',
          operations: 1,
        })
      })

    test('behavior: the skipped authorization left the sender delegated as it was', () => {
      expect(delegatedCode?.toLowerCase()).toBe(`0xef0100${chain.simple7702Account08.slice(2).toLowerCase()}`)
    })

    describe('against the node', () => {
      let store: TestStore
      let policyId: string
      const randomHash = () => generatePrivateKey()
      const stranger = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase()
      const chainWith = (paymasters: EvmChainConfig['paymasters']): EvmChainConfig => ({
        id: 31337,
        rpcUrl: chain.rpcUrl,
        paymasters,
      })
      const settle = (config: EvmChainConfig) =>
        settleSponsorships({
          db: store.db,
          writes: { run: (work) => store.db.transaction().execute(work) },
          chains: [config],
          logger: createLogger({ level: 'error', write: () => undefined }),
          now: Date.now(),
        })
      let rows = 0
      const reserve = async (row: {
        sender: string
        nonce: bigint
        hash: string
        validUntil: number
        fromBlock?: bigint
      }) => {
        const id = `spo_test${++rows}`
        await store.db
          .insertInto('sponsor_operations')
          .values({
            id,
            policy_id: policyId,
            chain_id: 31337,
            entry_point: entryPoint08Address.toLowerCase(),
            sender: row.sender,
            nonce: row.nonce.toString(),
            user_operation_hash: row.hash,
            max_cost_wei: '1000',
            created_at: Date.now(),
            user_key: `sender:${row.sender}`,
            valid_until: row.validUntil,
            from_block: (row.fromBlock ?? 0n).toString(),
            settled_at: null,
            actual_cost_wei: null,
          })
          .execute()
        return id
      }
      const costOf = async (id: string) =>
        (
          await store.db
            .selectFrom('sponsor_operations')
            .select('actual_cost_wei')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).actual_cost_wei
      const spent = async () =>
        (
          await store.db
            .selectFrom('sponsor_policies')
            .select('spent_wei')
            .where('id', '=', policyId)
            .executeTakeFirstOrThrow()
        ).spent_wei

      beforeAll(async () => {
        store = await createTestStore('sqlite')
        const { appId } = await createApp(store.db, {
          name: 'settle',
          origins: ['http://localhost:5173'],
          now: Date.now(),
        })
        ;({ id: policyId } = await createSponsorPolicy(store.db, { appId, now: Date.now() }))
      })
      afterAll(() => store?.cleanup())

      test('behavior: a signature whose sender and nonce another paymaster paid is released at 0', async () => {
        const sender = receipt.sender.toLowerCase()
        const future = Math.floor(Date.now() / 1000) + 3600
        const id = await reserve({ sender, nonce: receipt.nonce, hash: randomHash(), validUntil: future })
        expect(await settle(chainWith({ '0.8': stranger() as Address }))).toEqual({
          included: 0,
          released: 1,
        })
        expect(await costOf(id)).toBe('0')
        expect(await spent()).toBe('0')
      })

      test('behavior: a signature whose nonce the EntryPoint shows used, with no event of it since signing, is released at 0', async () => {
        const sender = receipt.sender.toLowerCase()
        const future = Math.floor(Date.now() / 1000) + 3600
        // Signed after the block that used the nonce: no event of it from there on, and getNonce is past it.
        const after = await chain.client.getBlockNumber()
        const used = await reserve({
          sender,
          nonce: receipt.nonce,
          hash: randomHash(),
          validUntil: future,
          fromBlock: after,
        })
        const sibling = await reserve({
          sender,
          nonce: receipt.nonce,
          hash: randomHash(),
          validUntil: future,
          fromBlock: after,
        })
        const next = await reserve({
          sender,
          nonce: receipt.nonce + 1n,
          hash: randomHash(),
          validUntil: future,
          fromBlock: after,
        })
        expect(await settle(chainWith({ '0.8': paymaster }))).toEqual({ included: 0, released: 2 })
        expect(await costOf(used)).toBe('0')
        expect(await costOf(sibling)).toBe('0')
        expect(await costOf(next)).toBeNull()
        await store.db.deleteFrom('sponsor_operations').where('id', '=', next).execute()
      })

      test('behavior: found by sender and nonce with a Sigil paymaster: its cost, siblings released; the rest as by hash', async () => {
        const sender = receipt.sender.toLowerCase()
        const future = Math.floor(Date.now() / 1000) + 3600
        const included = await reserve({
          sender,
          nonce: receipt.nonce,
          hash: randomHash(),
          validUntil: future,
        })
        const sibling = await reserve({
          sender,
          nonce: receipt.nonce,
          hash: randomHash(),
          validUntil: future,
        })
        const otherNonce = await reserve({
          sender,
          nonce: receipt.nonce + 1n,
          hash: randomHash(),
          validUntil: future,
        })
        const pending = await reserve({
          sender: stranger(),
          nonce: 0n,
          hash: randomHash(),
          validUntil: future,
        })
        const expired = await reserve({ sender: stranger(), nonce: 0n, hash: randomHash(), validUntil: 1 })
        const unhashed = await reserve({ sender: stranger(), nonce: 0n, hash: '0x', validUntil: 1 })
        const result = await settle(chainWith({ '0.7': stranger() as Address, '0.8': paymaster }))
        // included: the operation and the unhashed expired one (its worst case); released: sibling and expired.
        expect(result).toEqual({ included: 2, released: 2 })
        expect(await costOf(included)).toBe(receipt.actualGasCost.toString())
        expect(await costOf(sibling)).toBe('0')
        expect(await costOf(otherNonce)).toBeNull()
        expect(await costOf(pending)).toBeNull()
        expect(await costOf(expired)).toBe('0')
        expect(await costOf(unhashed)).toBe('1000')
        expect(await spent()).toBe((receipt.actualGasCost + 1000n).toString())
        // Settling again changes nothing.
        expect(await settle(chainWith({ '0.8': paymaster }))).toEqual({ included: 0, released: 0 })
      })
    })
  },
)
