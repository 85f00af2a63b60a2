import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { createApp } from '../apps/createApp.js'
import { createWriteBatcher } from '../store/createWriteBatcher.js'
import { forEachDialect, useTestStore } from '../store/test/storeDialects.js'
import { checkSponsorship } from './checkSponsorship.js'
import { createSponsorPolicy } from './createSponsorPolicy.js'
import { disableSponsorPolicy } from './disableSponsorPolicy.js'
import { listSponsorPolicies } from './listSponsorPolicies.js'
import { readPolicySpending } from './readPolicySpending.js'
import { reserveSponsorship } from './reserveSponsorship.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import { startOfBudgetPeriod } from './startOfBudgetPeriod.js'
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
/** Budget tests where one user may hold the whole budget (the share has its own tests). */
const noShareLimit = { maxReservedSharePerUserBps: 10_000 }
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

    test('behavior: a signature reserves its worst case, durably; settled spend starts at 0', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, budgetWei: 10_000n, now })
      await reserveSponsorship(createWriteBatcher(store), {
        policyId: policy.id,
        appId,
        operation: operation(),
        userKey: `sender:${sender}`,
        validUntil: Math.floor(now / 1000) + 120,
        fromBlock: 42n,
        userOperationHash: hash(1),
        now,
      })
      const reopened = await store.reopen()
      const [after] = await listSponsorPolicies(reopened.db, { appId })
      expect(after).toMatchObject({ spentWei: 0n, operations: 1 })
      expect(await readPolicySpending(reopened.db, after as typeof policy, now)).toEqual({
        periodStart: 0,
        spentWei: 0n,
        reservedWei: 1_000n,
        remainingWei: 9_000n,
      })
      const rows = await reopened.db.selectFrom('sponsor_operations').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        sender,
        user_operation_hash: hash(1),
        max_cost_wei: '1000',
        nonce: '0',
        user_key: `sender:${sender}`,
        from_block: '42',
        settled_at: null,
        actual_cost_wei: null,
      })
      expect(Number(rows[0]!.valid_until)).toBe(Math.floor(now / 1000) + 120)
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
        reserveSponsorship(createWriteBatcher(getStore()), {
          policyId,
          appId,
          operation: operation({ nonce: BigInt(n), ...overrides }),
          userKey: `sender:${overrides.sender ?? sender}`,
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

      const budget = await createSponsorPolicy(db, { appId, budgetWei: 2_500n, ...noShareLimit, now })
      await record(budget.id, 6)
      await record(budget.id, 7)
      await expect(record(budget.id, 8)).rejects.toThrow(`Policy ${budget.id} budget exhausted`)
      await record(budget.id, 9, now, { maxCostWei: 500n })
      await expect(record(budget.id, 10, now, { maxCostWei: 1n })).rejects.toThrow('budget exhausted')
    })

    test('behavior: a re-signature of a nonce never lowers what is reserved (re-signing bypass)', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, budgetWei: 2_000n, ...noShareLimit, now })
      const record = (nonce: bigint, maxCostWei: bigint, n: number, otherSender = false) =>
        reserveSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          operation: operation({ nonce, maxCostWei, ...(otherSender ? { sender: other } : {}) }),
          userKey: `sender:${otherSender ? other : sender}`,
          validUntil: Math.floor(now / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(n),
          now,
        })
      await record(7n, 1_500n, 1)
      // The cheap re-signature is its own row; the expensive one can still be submitted.
      await record(7n, 100n, 2)
      const rows = await store.db.selectFrom('sponsor_operations').selectAll().execute()
      expect(rows.map((row) => row.max_cost_wei).sort()).toEqual(['100', '1500'])
      expect(await readPolicySpending(store.db, policy, now)).toMatchObject({ reservedWei: 1_500n })
      await expect(record(8n, 600n, 3)).rejects.toThrow(`Policy ${policy.id} budget exhausted`)
      await expect(record(0n, 600n, 4, true)).rejects.toThrow(`Policy ${policy.id} budget exhausted`)
      // Re-signing the same nonce up to its reservation, or a smaller operation, still fits.
      await record(7n, 1_500n, 5)
      await record(9n, 500n, 6)
    })

    test('behavior: the same nonce signed twice is one operation per sender per day', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, maxOperationsPerSenderPerDay: 1, now })
      const record = (nonce: bigint, n: number) =>
        reserveSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          operation: operation({ nonce }),
          userKey: 'user:usr_1',
          validUntil: Math.floor(now / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(n),
          now,
        })
      await record(7n, 1)
      await record(7n, 2)
      await expect(record(8n, 3)).rejects.toThrow(`Policy ${policy.id} allows 1 operation per sender per day`)
    })

    test('behavior: settled costs replace reservations; released signatures free the budget', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, { appId, budgetWei: 2_000n, ...noShareLimit, now })
      const record = (nonce: bigint, maxCostWei: bigint, n: number) =>
        reserveSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          operation: operation({ nonce, maxCostWei }),
          userKey: `sender:${sender}`,
          validUntil: Math.floor(now / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(n),
          now,
        })
      await record(1n, 1_000n, 1)
      await record(2n, 1_000n, 2)
      await expect(record(3n, 1_000n, 3)).rejects.toThrow('budget exhausted')
      const settle = (n: number, cost: string) =>
        store.db
          .updateTable('sponsor_operations')
          .set({ settled_at: now, actual_cost_wei: cost })
          .where('user_operation_hash', '=', hash(n))
          .execute()
      await settle(1, '300')
      await settle(2, '0')
      expect(await readPolicySpending(store.db, policy, now)).toMatchObject({
        spentWei: 300n,
        reservedWei: 0n,
        remainingWei: 1_700n,
      })
      await record(3n, 1_700n, 3)
      await expect(record(4n, 1n, 4)).rejects.toThrow('budget exhausted')
    })

    test('behavior: per-user budgets count user keys; period budgets count the period only', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSponsorPolicy(store.db, {
        appId,
        budgetWei: 10_000n,
        budgetPerUserWei: 1_500n,
        budgetPeriod: 'day',
        now,
      })
      const record = (nonce: bigint, userKey: string, at = now) =>
        reserveSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          operation: operation({ nonce }),
          userKey,
          validUntil: Math.floor(at / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(Number(nonce)),
          now: at,
        })
      await record(1n, 'user:a')
      await expect(record(2n, 'user:a')).rejects.toThrow(`Policy ${policy.id} per-user budget exhausted`)
      // Same sender, another signed-in user: counted apart.
      await record(2n, 'user:b')
      // The next UTC day starts a new period.
      await record(3n, 'user:a', now + 86_400_000)
      const daily = await createSponsorPolicy(store.db, {
        appId,
        budgetWei: 1_000n,
        budgetPeriod: 'day',
        ...noShareLimit,
        now,
      })
      const daySpend = (nonce: bigint, at: number) =>
        reserveSponsorship(createWriteBatcher(store), {
          policyId: daily.id,
          appId,
          operation: operation({ nonce }),
          userKey: 'user:a',
          validUntil: Math.floor(at / 1000) + 120,
          fromBlock: undefined,
          userOperationHash: hash(100 + Number(nonce)),
          now: at,
        })
      await daySpend(1n, now)
      await expect(daySpend(2n, now + 1000)).rejects.toThrow(`Policy ${daily.id} budget exhausted`)
      await daySpend(2n, now + 86_400_000)
    })

    test('default: budget periods start at UTC day, Monday and the 1st', () => {
      const at = Date.UTC(2026, 10, 26, 15, 30) // a Thursday
      expect(startOfBudgetPeriod('total', at)).toBe(0)
      expect(startOfBudgetPeriod('day', at)).toBe(Date.UTC(2026, 10, 26))
      expect(startOfBudgetPeriod('week', at)).toBe(Date.UTC(2026, 10, 23))
      expect(startOfBudgetPeriod('week', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23))
      expect(startOfBudgetPeriod('week', Date.UTC(2026, 10, 29, 23))).toBe(Date.UTC(2026, 10, 23))
      expect(startOfBudgetPeriod('month', at)).toBe(Date.UTC(2026, 10, 1))
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
          reserveSponsorship(n % 2 ? second : first, {
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
      expect(after).toMatchObject({ operations: 3 })
      expect(await readPolicySpending(store.db, policy, now)).toMatchObject({ reservedWei: 3_000n })
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
