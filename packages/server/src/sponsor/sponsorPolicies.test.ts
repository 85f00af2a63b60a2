import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { createApp } from '../apps/createApp.js'
import { createWriteBatcher } from '../store/createWriteBatcher.js'
import { forEachDialect, useTestStore } from '../store/test/storeDialects.js'
import { checkSponsorship } from './checkSponsorship.js'
import { createSponsorPolicy } from './createSponsorPolicy.js'
import { disableSponsorPolicy } from './disableSponsorPolicy.js'
import { listSponsorPolicies } from './listSponsorPolicies.js'
import { recordSponsorship } from './recordSponsorship.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import { policyCheckRequest, toTestUserOperation } from './test/policyCheckRequest.js'

/** Policies and their usage accounting, on SQLite and PostgreSQL alike. */

const now = Date.UTC(2026, 10, 23, 12)
const target = '0x1111111111111111111111111111111111111111'
const other = '0x2222222222222222222222222222222222222222'
const sender = '0x3333333333333333333333333333333333333333'
const abi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
const operation = (overrides: Partial<SponsoredOperation> = {}): SponsoredOperation => ({
  chainId: 31337,
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  sender,
  nonce: 0n,
  callData: encodeFunctionData({ abi, functionName: 'execute', args: [target, 0n, '0x'] }),
  totalGas: 200_000n,
  maxCostWei: 1_000n,
  ...overrides,
})
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)
  const newApp = async () =>
    (await createApp(getStore().db, { name: 'app', origins: ['https://app.example'], now })).appId

  describe('sponsorship policies', () => {
    test('default: create, list, disable', async () => {
      const { db } = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(db, {
        appId,
        name: 'demo',
        chainIds: [31337],
        maxGasPerOperation: 3_000_000n,
        maxOperationsPerSenderPerDay: 5,
        budgetWei: 10n ** 18n,
        allowedTargets: [target.toUpperCase().replace('0X', '0x')],
        expiresAt: now + 1000,
        now,
      })
      expect(policy).toMatchObject({
        appId,
        name: 'demo',
        chainIds: [31337],
        maxGasPerOperation: 3_000_000n,
        maxOperationsPerSenderPerDay: 5,
        budgetWei: 10n ** 18n,
        spentWei: 0n,
        operations: 0,
        allowedTargets: [target],
        expiresAt: now + 1000,
        disabledAt: null,
      })
      expect(policy.id).toMatch(/^pol_[0-9a-f]{32}$/)
      expect(await listSponsorPolicies(db, { appId })).toEqual([policy])
      const disabled = await disableSponsorPolicy(db, { policyId: policy.id, now: now + 1 })
      expect(disabled.disabledAt).toBe(now + 1)
      expect((await disableSponsorPolicy(db, { policyId: policy.id, now: now + 2 })).disabledAt).toBe(now + 1)
      await expect(disableSponsorPolicy(db, { policyId: 'pol_nope', now })).rejects.toThrow(
        'policy pol_nope not found',
      )
    })

    test('behavior: a recorded operation counts toward spending and survives reopening the store', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, now })
      await recordSponsorship(createWriteBatcher(store), {
        policyId: policy.id,
        appId,
        operation: operation(),
        userKey: `sender:${sender}`,
        validUntil: Math.floor(now / 1000) + 120,
        fromBlock: undefined,
        userOperationHash: hash(1),
        now,
      })
      const reopened = await store.reopen()
      const [after] = await listSponsorPolicies(reopened.db, { appId })
      expect(after).toMatchObject({ spentWei: 1_000n, operations: 1 })
      const rows = await reopened.db.selectFrom('sponsor_operations').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        sender,
        user_operation_hash: hash(1),
        max_cost_wei: '1000',
        nonce: '0',
      })
    })

    test('error: each limit refuses with its message', async () => {
      const { db } = getStore()
      const appId = await newApp()
      const check = (policyId: string, overrides: Partial<SponsoredOperation> = {}, at = now) =>
        checkSponsorship(policyCheckRequest(db, { appId, now: at }), {
          policyId,
          operation: operation(overrides),
          userOperation: toTestUserOperation(operation(overrides)),
          version: '0.7',
        })
      const chain = await createSponsorPolicy(db, { appId, chainIds: [31337], now })
      await expect(check(chain.id, { chainId: 1 })).rejects.toThrow(
        `Policy ${chain.id} does not sponsor chain 1`,
      )
      await expect(check(chain.id)).resolves.toMatchObject({ policy: { id: chain.id } })

      const gas = await createSponsorPolicy(db, { appId, maxGasPerOperation: 100_000n, now })
      await expect(check(gas.id)).rejects.toThrow(
        `Policy ${gas.id} allows at most 100000 gas per operation; this one needs 200000`,
      )

      const expiring = await createSponsorPolicy(db, { appId, expiresAt: now + 10, now })
      await expect(check(expiring.id)).resolves.toBeDefined()
      await expect(check(expiring.id, {}, now + 10)).rejects.toThrow(`Policy ${expiring.id} has expired`)

      const targets = await createSponsorPolicy(db, { appId, allowedTargets: [other], now })
      await expect(check(targets.id)).rejects.toThrow(
        `Policy ${targets.id} does not allow calls to ${target}`,
      )
      await expect(check(targets.id, { callData: '0xdeadbeef' })).rejects.toThrow(
        'is not an execute or executeBatch call',
      )

      const disabled = await createSponsorPolicy(db, { appId, now })
      await disableSponsorPolicy(db, { policyId: disabled.id, now })
      await expect(check(disabled.id)).rejects.toThrow(`Policy ${disabled.id} is disabled`)

      const foreignApp = await createApp(db, { name: 'other', origins: ['https://other.example'], now })
      const foreign = await createSponsorPolicy(db, { appId: foreignApp.appId, now })
      await expect(check(foreign.id)).rejects.toThrow(`Policy ${foreign.id} not found`)
    })

    test('error: operations per sender per day and the budget count recorded operations', async () => {
      const { db } = getStore()
      const appId = await newApp()
      const perDay = await createSponsorPolicy(db, { appId, maxOperationsPerSenderPerDay: 2, now })
      const record = (policyId: string, n: number, at = now, overrides: Partial<SponsoredOperation> = {}) =>
        recordSponsorship(createWriteBatcher(getStore()), {
          policyId,
          appId,
          operation: operation({ nonce: BigInt(n), ...overrides }),
          userKey: `sender:${sender}`,
          validUntil: Math.floor(now / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(n),
          now: at,
        })
      await record(perDay.id, 1)
      await record(perDay.id, 2)
      await expect(record(perDay.id, 3)).rejects.toThrow(
        `Policy ${perDay.id} allows 2 operations per sender per day`,
      )
      await expect(
        checkSponsorship(policyCheckRequest(db, { appId, now }), {
          policyId: perDay.id,
          operation: operation(),
          userOperation: toTestUserOperation(operation()),
          version: '0.7',
        }),
      ).rejects.toThrow('allows 2 operations per sender per day')
      // Another sender, and the same sender the next UTC day, are counted apart.
      await record(perDay.id, 4, now, { sender: target })
      await record(perDay.id, 5, now + 86_400_000)

      const budget = await createSponsorPolicy(db, { appId, budgetWei: 2_500n, now })
      await record(budget.id, 6)
      await record(budget.id, 7)
      await expect(record(budget.id, 8)).rejects.toThrow(`Policy ${budget.id} budget exhausted`)
      await record(budget.id, 9, now, { maxCostWei: 500n })
      await expect(record(budget.id, 10, now, { maxCostWei: 1n })).rejects.toThrow('budget exhausted')
    })

    test('behavior: signing the same operation again (same sender and nonce) replaces its record', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, {
        appId,
        maxOperationsPerSenderPerDay: 1,
        budgetWei: 1_500n,
        now,
      })
      const record = (nonce: bigint, maxCostWei: bigint, n: number) =>
        recordSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          operation: operation({ nonce, maxCostWei }),
          userKey: `sender:${sender}`,
          validUntil: Math.floor(now / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(n),
          now,
        })
      await record(7n, 1_000n, 1)
      await record(7n, 1_200n, 2)
      const [after] = await listSponsorPolicies(store.db, { appId })
      expect(after).toMatchObject({ operations: 1, spentWei: 1_200n })
      const rows = await store.db.selectFrom('sponsor_operations').selectAll().execute()
      expect(rows.map((row) => [row.user_operation_hash, row.max_cost_wei])).toEqual([[hash(2), '1200']])
      await expect(record(8n, 1n, 3)).rejects.toThrow('allows 1 operation per sender per day')
      await expect(record(7n, 1_600n, 4)).rejects.toThrow('budget exhausted')
    })

    test('behavior: concurrent signatures never exceed the per-sender limit', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, maxOperationsPerSenderPerDay: 3, now })
      // Two server instances on PostgreSQL; one process (one writer) on SQLite.
      const first = createWriteBatcher(store)
      const second = dialect === 'postgres' ? createWriteBatcher(await store.reopen()) : first
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, n) =>
          recordSponsorship(n % 2 ? second : first, {
            policyId: policy.id,
            appId,
            operation: operation({ nonce: BigInt(n) }),
            userKey: `sender:${sender}`,
            validUntil: Math.floor(now / 1000) + 120,
            fromBlock: undefined,
            userOperationHash: hash(n),
            now,
          }),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
      const [after] = await listSponsorPolicies(store.db, { appId })
      expect(after).toMatchObject({ operations: 3, spentWei: 3_000n })
    })

    test('error: bad definitions are refused', async () => {
      const { db } = getStore()
      const appId = await newApp()
      await expect(createSponsorPolicy(db, { appId: 'nope', now })).rejects.toThrow('app nope not found')
      await expect(createSponsorPolicy(db, { appId, chainIds: [0], now })).rejects.toThrow('chain id')
      await expect(createSponsorPolicy(db, { appId, allowedTargets: ['0x12'], now })).rejects.toThrow(
        'allowed target 0x12 is not an address',
      )
      await expect(createSponsorPolicy(db, { appId, budgetWei: 0n, now })).rejects.toThrow('budget')
    })
  })
})
