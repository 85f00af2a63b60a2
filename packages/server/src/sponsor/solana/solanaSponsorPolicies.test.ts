import { describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { createWriteBatcher } from '../../store/createWriteBatcher.js'
import { forEachDialect, useTestStore } from '../../store/test/storeDialects.js'
import { checkSponsorship } from '../checkSponsorship.js'
import { createSponsorPolicy } from '../createSponsorPolicy.js'
import { disableSponsorPolicy } from '../disableSponsorPolicy.js'
import { listSponsorPolicies } from '../listSponsorPolicies.js'
import { policyCheckRequest, toTestUserOperation } from '../test/policyCheckRequest.js'
import { createSolanaSponsorPolicy } from './createSolanaSponsorPolicy.js'
import { findSolanaSponsorPolicy } from './findSolanaSponsorPolicy.js'
import { recordSolanaSponsorship } from './recordSolanaSponsorship.js'
import type { SponsoredSolanaTransaction } from './SponsoredSolanaTransaction.js'
import { testAddress } from './test/buildSolanaTransaction.js'

/** Solana fee payer policies (migration 0006) and their usage accounting, on SQLite and PostgreSQL alike. */

const now = Date.UTC(2026, 10, 23, 12)
const system = '11111111111111111111111111111111'
const user = testAddress(2)
const transaction = (n: number, overrides: Partial<SponsoredSolanaTransaction> = {}) => ({
  chainId: 'solana-localnet',
  user,
  userKey: `key:${overrides.user ?? user}`,
  programs: [system],
  messageHash: n.toString(16).padStart(64, '0'),
  feeLamports: 10_000n,
  ...overrides,
})

/** What settlement would look for (these records are never settled here). */
const quote = { signature: 'unsent', blockhash: 'unknown', lastValidBlockHeight: 1_000_000n }

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)
  const newApp = async () =>
    (await createApp(getStore().db, { name: 'app', origins: ['https://app.example'], now })).appId

  describe('Solana sponsorship policies', () => {
    test('default: create, list next to a gas policy, disable', async () => {
      const { db } = getStore()
      const appId = await newApp()
      const gas = await createSponsorPolicy(db, { appId, now })
      const policy = await createSolanaSponsorPolicy(db, {
        appId,
        name: 'sol',
        chains: ['solana-localnet'],
        maxLamportsPerTransaction: 20_000n,
        maxTransactionsPerUserPerDay: 3,
        allowedPrograms: [system],
        expiresAt: now + 1000,
        now: now + 1,
      })
      expect(policy).toEqual({
        kind: 'solana',
        id: expect.stringMatching(/^pol_[0-9a-f]{32}$/),
        appId,
        name: 'sol',
        chainIds: ['solana-localnet'],
        maxLamportsPerTransaction: 20_000n,
        maxTransactionsPerUserPerDay: 3,
        allowedPrograms: [system],
        audience: 'public',
        budgetLamports: null,
        budgetPerUserLamports: null,
        budgetPeriod: 'total',
        spentLamports: 0n,
        transactions: 0,
        expiresAt: now + 1000,
        disabledAt: null,
        createdAt: now + 1,
      })
      expect(gas.kind).toBe('evm')
      expect(await listSponsorPolicies(db, { appId })).toEqual([gas, policy])
      expect(await disableSponsorPolicy(db, { policyId: policy.id, now: now + 2 })).toEqual({
        ...policy,
        disabledAt: now + 2,
      })
    })

    test('behavior: a recorded transaction counts its fee once, even when recorded again; it survives reopening the store', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSolanaSponsorPolicy(store.db, { appId, now })
      const record = (n: number) =>
        recordSolanaSponsorship(createWriteBatcher(store), {
          policyId: policy.id,
          appId,
          transaction: transaction(n),
          quote,
          now,
        })
      expect(await record(1)).toEqual({ repeated: false })
      expect(await record(1)).toEqual({ repeated: true })
      expect(await record(2)).toEqual({ repeated: false })
      const reopened = await store.reopen()
      expect(await findSolanaSponsorPolicy(reopened.db, { policyId: policy.id, appId })).toMatchObject({
        spentLamports: 20_000n,
        transactions: 2,
      })
      const rows = await reopened.db
        .selectFrom('solana_sponsorships')
        .selectAll()
        .orderBy('message_hash')
        .execute()
      expect(rows.map((row) => [row.user_address, row.user_key, row.chain_id, row.fee_lamports])).toEqual([
        [user, `key:${user}`, 'solana-localnet', '10000'],
        [user, `key:${user}`, 'solana-localnet', '10000'],
      ])
    })

    test('error: each limit refuses with its message', async () => {
      const { db } = getStore()
      const store = getStore()
      const appId = await newApp()
      const record = (
        policyId: string,
        n: number,
        overrides: Partial<SponsoredSolanaTransaction> = {},
        at = now,
      ) =>
        recordSolanaSponsorship(createWriteBatcher(store), {
          policyId,
          appId,
          transaction: transaction(n, overrides),
          quote,
          now: at,
        })
      const chain = await createSolanaSponsorPolicy(db, { appId, chains: ['solana-devnet'], now })
      await expect(record(chain.id, 1)).rejects.toThrow(
        `Policy ${chain.id} does not sponsor chain solana-localnet`,
      )
      const lamports = await createSolanaSponsorPolicy(db, { appId, maxLamportsPerTransaction: 5_000n, now })
      await expect(record(lamports.id, 1)).rejects.toThrow(
        `Policy ${lamports.id} allows at most 5000 lamports per transaction; this one costs 10000`,
      )
      const programs = await createSolanaSponsorPolicy(db, { appId, allowedPrograms: [testAddress(9)], now })
      await expect(record(programs.id, 1)).rejects.toThrow(
        `Policy ${programs.id} does not allow program ${system}`,
      )
      const expiring = await createSolanaSponsorPolicy(db, { appId, expiresAt: now + 10, now })
      await expect(record(expiring.id, 1, {}, now + 10)).rejects.toThrow(`Policy ${expiring.id} has expired`)
      const disabled = await createSolanaSponsorPolicy(db, { appId, now })
      await disableSponsorPolicy(db, { policyId: disabled.id, now })
      await expect(record(disabled.id, 1)).rejects.toThrow(`Policy ${disabled.id} is disabled`)

      const perDay = await createSolanaSponsorPolicy(db, { appId, maxTransactionsPerUserPerDay: 2, now })
      await record(perDay.id, 1)
      await record(perDay.id, 2)
      await expect(record(perDay.id, 3)).rejects.toThrow(
        `Policy ${perDay.id} allows 2 transactions per user per day`,
      )
      // The same message again is not a new transaction; another user and the next UTC day count apart.
      await expect(record(perDay.id, 2)).resolves.toEqual({ repeated: true })
      await record(perDay.id, 4, { user: testAddress(5) })
      await record(perDay.id, 5, {}, now + 86_400_000)

      const foreign = await createSolanaSponsorPolicy(db, {
        appId: (await createApp(db, { name: 'other', origins: ['https://other.example'], now })).appId,
        now,
      })
      await expect(record(foreign.id, 1)).rejects.toThrow(`Policy ${foreign.id} not found`)
      expect(await db.selectFrom('solana_sponsorships').selectAll().execute()).toHaveLength(4)
    })

    test('error: per-user limits count the user key (a Sigil user), not the signer key: 30 fresh keys of one user under 25 a day', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSolanaSponsorPolicy(store.db, {
        appId,
        maxTransactionsPerUserPerDay: 25,
        audience: 'signed-in',
        budgetLamports: 10_000_000n,
        now,
      })
      const writes = createWriteBatcher(store)
      const results = []
      for (let n = 0; n < 30; n++)
        results.push(
          await recordSolanaSponsorship(writes, {
            policyId: policy.id,
            appId,
            transaction: transaction(n, { user: testAddress(100 + n), userKey: 'user:alice' }),
            quote,
            now,
          }).catch((error: Error) => error.message),
        )
      expect(results.slice(0, 25)).toEqual(Array(25).fill({ repeated: false }))
      expect(results.slice(25)).toEqual(
        Array(5).fill(`Policy ${policy.id} allows 25 transactions per user per day`),
      )
      // Another Sigil user signing with one of the same keys is counted apart.
      await expect(
        recordSolanaSponsorship(writes, {
          policyId: policy.id,
          appId,
          transaction: transaction(99, { user: testAddress(100), userKey: 'user:bob' }),
          quote,
          now,
        }),
      ).resolves.toEqual({ repeated: false })
      const keys = await store.db
        .selectFrom('solana_sponsorships')
        .select('user_key')
        .where('policy_id', '=', policy.id)
        .execute()
      expect(keys.filter((row) => row.user_key === 'user:alice')).toHaveLength(25)
    })

    test('error: the budget (per period, UTC) and the budget per user refuse the fee that would exceed them', async () => {
      const store = getStore()
      const appId = await newApp()
      const writes = createWriteBatcher(store)
      const record = (
        policyId: string,
        n: number,
        overrides: Partial<SponsoredSolanaTransaction> = {},
        at = now,
      ) =>
        recordSolanaSponsorship(writes, {
          policyId,
          appId,
          transaction: transaction(n, overrides),
          quote,
          now: at,
        })

      const total = await createSolanaSponsorPolicy(store.db, { appId, budgetLamports: 25_000n, now })
      await record(total.id, 1)
      await record(total.id, 2, { user: testAddress(3) })
      await expect(record(total.id, 3, { user: testAddress(4) })).rejects.toThrow(
        `Policy ${total.id} has a budget of 25000 lamports in total: 20000 are spent and this transaction may cost 10000`,
      )
      // A cheaper transaction still fits; the same message again is not counted twice.
      await record(total.id, 4, { feeLamports: 5_000n })
      await expect(record(total.id, 4, { feeLamports: 5_000n })).resolves.toEqual({ repeated: true })
      await expect(record(total.id, 5, { feeLamports: 1n }, now + 40 * 86_400_000)).rejects.toThrow(
        `Policy ${total.id} has a budget of 25000 lamports in total: 25000 are spent and this transaction may cost 1`,
      )
      expect(await findSolanaSponsorPolicy(store.db, { policyId: total.id, appId })).toMatchObject({
        spentLamports: 25_000n,
        transactions: 3,
      })

      const daily = await createSolanaSponsorPolicy(store.db, {
        appId,
        budgetLamports: 20_000n,
        budgetPeriod: 'day',
        now,
      })
      await record(daily.id, 1)
      await record(daily.id, 2)
      await expect(record(daily.id, 3)).rejects.toThrow(
        `Policy ${daily.id} has a budget of 20000 lamports per UTC day: 20000 are spent and this transaction may cost 10000`,
      )
      await record(daily.id, 3, {}, Date.UTC(2026, 10, 24))

      const perUser = await createSolanaSponsorPolicy(store.db, {
        appId,
        budgetLamports: 1_000_000n,
        budgetPerUserLamports: 15_000n,
        budgetPeriod: 'week',
        now,
      })
      await record(perUser.id, 1, { userKey: 'user:alice' })
      await expect(record(perUser.id, 2, { user: testAddress(7), userKey: 'user:alice' })).rejects.toThrow(
        `Policy ${perUser.id} allows each user 15000 lamports per UTC week: this user has used 10000 and this transaction may cost 10000`,
      )
      await record(perUser.id, 2, { userKey: 'user:bob' })
      // Monday 30 November 2026 starts the next week.
      await record(perUser.id, 3, { userKey: 'user:alice' }, Date.UTC(2026, 10, 30))
    })

    test('behavior: concurrent records never take more than the budget (two instances on PostgreSQL)', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSolanaSponsorPolicy(store.db, { appId, budgetLamports: 35_000n, now })
      const first = createWriteBatcher(store)
      const second = dialect === 'postgres' ? createWriteBatcher(await store.reopen()) : first
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, n) =>
          recordSolanaSponsorship(n % 2 ? second : first, {
            policyId: policy.id,
            appId,
            transaction: transaction(n, { user: testAddress(20 + n) }),
            quote,
            now,
          }),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
      expect(await findSolanaSponsorPolicy(store.db, { policyId: policy.id, appId })).toMatchObject({
        transactions: 3,
        spentLamports: 30_000n,
      })
    })

    test('error: a policy of the wrong kind is refused on either side', async () => {
      const { db } = getStore()
      const appId = await newApp()
      const gas = await createSponsorPolicy(db, { appId, now })
      await expect(findSolanaSponsorPolicy(db, { policyId: gas.id, appId })).rejects.toThrow(
        `Policy ${gas.id} is an EVM gas policy: it does not sponsor Solana transactions`,
      )
      const solana = await createSolanaSponsorPolicy(db, { appId, now })
      const operation = {
        chainId: 31337,
        entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
        sender: '0x3333333333333333333333333333333333333333',
        nonce: 0n,
        callData: '0x',
        totalGas: 0n,
        maxCostWei: 0n,
      } as const
      await expect(
        checkSponsorship(policyCheckRequest(db, { appId, now }), {
          policyId: solana.id,
          operation,
          userOperation: toTestUserOperation(operation),
          version: '0.7',
        }),
      ).rejects.toThrow(
        `Policy ${solana.id} is a Solana fee payer policy: it does not sponsor user operations`,
      )
    })

    test('behavior: concurrent records never exceed the per-user limit', async () => {
      const store = getStore()
      const appId = await newApp()
      const policy = await createSolanaSponsorPolicy(store.db, {
        appId,
        maxTransactionsPerUserPerDay: 3,
        now,
      })
      const first = createWriteBatcher(store)
      const second = dialect === 'postgres' ? createWriteBatcher(await store.reopen()) : first
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, n) =>
          recordSolanaSponsorship(n % 2 ? second : first, {
            policyId: policy.id,
            appId,
            transaction: transaction(n % 6),
            quote,
            now,
          }),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(3)
      expect(await findSolanaSponsorPolicy(store.db, { policyId: policy.id, appId })).toMatchObject({
        transactions: 3,
        spentLamports: 30_000n,
      })
    })

    test('error: bad definitions are refused', async () => {
      const { db } = getStore()
      const appId = await newApp()
      await expect(createSolanaSponsorPolicy(db, { appId: 'nope', now })).rejects.toThrow(
        'app nope not found',
      )
      await expect(createSolanaSponsorPolicy(db, { appId, chains: ['31337'], now })).rejects.toThrow(
        'a Solana chain id is solana-<name> (e.g. solana-localnet), got 31337',
      )
      await expect(createSolanaSponsorPolicy(db, { appId, allowedPrograms: ['0x12'], now })).rejects.toThrow(
        'allowed program 0x12 is not a base58 Solana address',
      )
      await expect(
        createSolanaSponsorPolicy(db, { appId, maxLamportsPerTransaction: 0n, now }),
      ).rejects.toThrow('max lamports per transaction must be positive')
      await expect(
        createSolanaSponsorPolicy(db, { appId, maxTransactionsPerUserPerDay: 1.5, now }),
      ).rejects.toThrow('transactions per user per day must be a positive integer')
    })
  })
})
