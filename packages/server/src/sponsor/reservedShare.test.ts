import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { createApp } from '../apps/createApp.js'
import { createWriteBatcher } from '../store/createWriteBatcher.js'
import { forEachDialect, useTestStore } from '../store/test/storeDialects.js'
import { createSponsorPolicy } from './createSponsorPolicy.js'
import { readPolicySpending } from './readPolicySpending.js'
import { reserveSponsorship } from './reserveSponsorship.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import { reservationGraceSeconds } from './tallyPolicyUsage.js'

/** The share of a budget one user may hold in open reservations, and when a reservation stops counting. */

const now = Date.UTC(2026, 11, 7, 12)
const abi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
const sender = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const
const operation = (overrides: Partial<SponsoredOperation> = {}): SponsoredOperation => ({
  chainId: 31337,
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  sender: sender(1),
  nonce: 0n,
  callData: encodeFunctionData({ abi, functionName: 'execute', args: [sender(9), 0n, '0x'] }),
  totalGas: 200_000n,
  maxCostWei: 1_000n,
  ...overrides,
})
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const refusal = (policyId: string, share: string, limit: bigint, holds: bigint, reserves: bigint) =>
  `Policy ${policyId} lets one user hold at most ${share}% of its budget (${limit} wei) in open reservations; this user holds ${holds} wei and this operation reserves up to ${reserves} wei`

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)

  describe('reserved share per user', () => {
    const setUp = async (budgetWei: bigint, maxReservedSharePerUserBps?: number) => {
      const store = getStore()
      const { appId } = await createApp(store.db, { name: 'app', origins: ['https://app.example'], now })
      const policy = await createSponsorPolicy(store.db, {
        appId,
        budgetWei,
        maxReservedSharePerUserBps,
        now,
      })
      let n = 0
      const reserve = (
        userKey: string,
        overrides: Partial<SponsoredOperation> & { at?: number; validUntil?: number } = {},
        writes = createWriteBatcher(store),
      ) => {
        const { at = now, validUntil = Math.floor(at / 1000) + 120, ...op } = overrides
        n += 1
        return reserveSponsorship(writes, {
          policyId: policy.id,
          appId,
          operation: operation({ nonce: BigInt(n), ...op }),
          userKey,
          validUntil,
          fromBlock: 1n,
          userOperationHash: hash(n),
          now: at,
        })
      }
      return { store, policy, reserve }
    }

    test('default: one user holds at most 10 % of the budget in open reservations; the next user still fits', async () => {
      const { store, policy, reserve } = await setUp(10_000n)
      expect(policy.maxReservedSharePerUserBps).toBe(1000)
      await reserve('user:a', { maxCostWei: 600n })
      await reserve('user:a', { maxCostWei: 400n })
      await expect(reserve('user:a', { maxCostWei: 1n })).rejects.toThrow(
        refusal(policy.id, '10', 1_000n, 1_000n, 1n),
      )
      // Other accounts of the same Sigil user count for that user.
      await expect(reserve('user:a', { sender: sender(2), maxCostWei: 1n })).rejects.toThrow(
        'this user holds 1000 wei',
      )
      // One operation above the share is refused on its own.
      await expect(reserve('user:b', { sender: sender(3), maxCostWei: 1_001n })).rejects.toThrow(
        refusal(policy.id, '10', 1_000n, 0n, 1_001n),
      )
      await reserve('user:b', { sender: sender(3), maxCostWei: 1_000n })
      expect(await readPolicySpending(store.db, policy, now)).toMatchObject({
        reservedWei: 2_000n,
        remainingWei: 8_000n,
      })
      // Settled, a reservation no longer counts in the share (its real cost counts in the budget).
      await store.db
        .updateTable('sponsor_operations')
        .set({ settled_at: now, actual_cost_wei: '100' })
        .where('user_operation_hash', '=', hash(1))
        .execute()
      await reserve('user:a', { maxCostWei: 600n })
    })

    test("behavior: the share is the policy's own; 100 % lets one user hold the whole budget", async () => {
      const quarter = await setUp(10_000n, 2_500)
      await quarter.reserve('sender:a', { maxCostWei: 2_500n })
      await expect(quarter.reserve('sender:a', { maxCostWei: 1n })).rejects.toThrow(
        refusal(quarter.policy.id, '25', 2_500n, 2_500n, 1n),
      )
      const whole = await setUp(10_000n, 10_000)
      await whole.reserve('sender:a', { maxCostWei: 10_000n })
      await expect(whole.reserve('sender:b', { sender: sender(2), maxCostWei: 1n })).rejects.toThrow(
        `Policy ${whole.policy.id} budget exhausted`,
      )
      await expect(setUp(10_000n, 0)).rejects.toThrow(
        'the reserved share per user must be from 0.01 % to 100 %',
      )
      await expect(setUp(10_000n, 10_001)).rejects.toThrow('the reserved share per user must be')
    })

    test('behavior: a signature past validUntil and its grace stops counting by the server clock; one the chain included is still charged', async () => {
      const { store, policy, reserve } = await setUp(10_000n)
      const validUntil = Math.floor(now / 1000) + 10
      await reserve('user:a', { maxCostWei: 1_000n, validUntil })
      const at = (seconds: number) => (validUntil + seconds) * 1000
      expect(await readPolicySpending(store.db, policy, at(reservationGraceSeconds))).toMatchObject({
        reservedWei: 1_000n,
      })
      await expect(reserve('user:a', { maxCostWei: 1n, at: at(reservationGraceSeconds) })).rejects.toThrow(
        'this user holds 1000 wei',
      )
      const later = at(reservationGraceSeconds + 1)
      expect(await readPolicySpending(store.db, policy, later)).toEqual({
        periodStart: 0,
        spentWei: 0n,
        reservedWei: 0n,
        remainingWei: 10_000n,
      })
      await reserve('user:a', { maxCostWei: 1_000n, at: later })
      // Settlement found the first one included after all: its real cost counts (the budget may pass
      // what it allowed by what landed within its validity).
      await store.db
        .updateTable('sponsor_operations')
        .set({ settled_at: later, actual_cost_wei: '700' })
        .where('user_operation_hash', '=', hash(1))
        .execute()
      expect(await readPolicySpending(store.db, policy, later)).toMatchObject({
        spentWei: 700n,
        reservedWei: 1_000n,
        remainingWei: 8_300n,
      })
    })

    test('behavior: concurrent reservations of one user never pass the share, across writers', async () => {
      const { store, policy, reserve } = await setUp(10_000n)
      // Two server instances on PostgreSQL; one process (one writer) on SQLite.
      const first = createWriteBatcher(store)
      const second = dialect === 'postgres' ? createWriteBatcher(await store.reopen()) : first
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, n) =>
          reserve(`sender:${sender(1)}`, { maxCostWei: 400n }, n % 2 ? second : first),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2)
      for (const result of results)
        if (result.status === 'rejected') expect(String(result.reason)).toContain('in open reservations')
      expect(await readPolicySpending(store.db, policy, now)).toMatchObject({ reservedWei: 800n })
    })
  })
})
