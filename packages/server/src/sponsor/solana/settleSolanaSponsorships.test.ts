import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { createLogger } from '../../log/createLogger.js'
import { createWriteBatcher } from '../../store/createWriteBatcher.js'
import { forEachDialect, useTestStore } from '../../store/test/storeDialects.js'
import { createSolanaSponsorPolicy } from './createSolanaSponsorPolicy.js'
import { findSolanaSponsorPolicy } from './findSolanaSponsorPolicy.js'
import { readSolanaPolicySpending } from './readSolanaPolicySpending.js'
import { recordSolanaSponsorship } from './recordSolanaSponsorship.js'
import { settleSolanaSponsorships } from './settleSolanaSponsorships.js'
import { testAddress } from './test/buildSolanaTransaction.js'

/**
 * Settlement of Solana quotes against a stand-in node whose answers each test sets (the devnet's runtime
 * is in src/rpc/solanaQuoteRelease.test.ts): what lands, what is released, what stays, and two
 * instances settling and recording at once on one database.
 */

const now = Date.UTC(2026, 11, 7, 12)
const chainId = 'solana-localnet'
const logger = createLogger({ level: 'silent' })

/** What the stand-in node answers. */
const node = {
  height: 0,
  /** Signature → its status (absent: never seen). */
  statuses: new Map<string, { confirmationStatus: string }>(),
  /** Signature → the fee its landed transaction paid. */
  fees: new Map<string, number>(),
  /** Blockhashes the node still accepts. */
  valid: new Set<string>(),
}
let standIn: Server
let rpcUrl: string

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body)
      const context = { slot: node.height }
      const result =
        method === 'getBlockHeight'
          ? node.height
          : method === 'getSignatureStatuses'
            ? { context, value: params[0].map((signature: string) => node.statuses.get(signature) ?? null) }
            : method === 'isBlockhashValid'
              ? { context, value: node.valid.has(params[0]) }
              : method === 'getTransaction'
                ? node.fees.has(params[0])
                  ? { meta: { fee: node.fees.get(params[0]) } }
                  : null
                : undefined
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    })
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  rpcUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())))

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)
  const chains = () => [{ id: chainId, type: 'solana' as const, rpcUrl }]

  /** Records transaction `n`: a 10,000-lamport quote, its blockhash valid up to height `lastValid`. */
  const record = (
    writes: ReturnType<typeof createWriteBatcher>,
    policyId: string,
    appId: string,
    n: number,
    lastValid = 100n,
  ) =>
    recordSolanaSponsorship(writes, {
      policyId,
      appId,
      transaction: {
        chainId,
        user: testAddress(40 + n),
        userKey: `key:${testAddress(40 + n)}`,
        programs: ['11111111111111111111111111111111'],
        messageHash: n.toString(16).padStart(64, '0'),
        feeLamports: 10_000n,
      },
      quote: {
        signature: `${dialect}-sig-${n}`,
        blockhash: `${dialect}-hash-${n}`,
        lastValidBlockHeight: lastValid,
      },
      now,
    })

  describe('settleSolanaSponsorships', () => {
    test('default: a landed transaction counts the fee it paid; an expired unlanded one is released; the rest stays quoted', async () => {
      const store = getStore()
      const { appId } = await createApp(store.db, { name: 'a', origins: ['https://a.example'], now })
      const policy = await createSolanaSponsorPolicy(store.db, { appId, budgetLamports: 100_000n, now })
      const writes = createWriteBatcher(store)
      try {
        for (let n = 0; n < 5; n++) await record(writes, policy.id, appId, n)
        node.height = 100
        node.statuses.set(`${dialect}-sig-0`, { confirmationStatus: 'finalized' })
        node.fees.set(`${dialect}-sig-0`, 7_000)
        node.statuses.set(`${dialect}-sig-1`, { confirmationStatus: 'confirmed' })
        const settle = () => settleSolanaSponsorships({ db: store.db, writes, chains: chains(), logger, now })
        // At height 100 every blockhash may still land: only the finalized one settles.
        expect(await settle()).toEqual({ landed: 1, released: 0 })
        node.height = 101
        node.valid.add(`${dialect}-hash-2`)
        // Past height 100: released, unless the node still accepts the blockhash (2) or it landed
        // without being finalized yet (1).
        expect(await settle()).toEqual({ landed: 0, released: 2 })
        expect(await settle()).toEqual({ landed: 0, released: 0 })
        expect(await readSolanaPolicySpending(store.db, policy, now)).toEqual({
          periodStart: 0,
          spentLamports: 7_000n,
          reservedLamports: 20_000n,
          remainingLamports: 73_000n,
        })
        expect(await findSolanaSponsorPolicy(store.db, { policyId: policy.id, appId })).toMatchObject({
          spentLamports: 27_000n,
          transactions: 5,
        })
      } finally {
        await writes.close()
      }
    })

    test('behavior: two instances settling while both record never count more than the budget, nor a quote twice', async () => {
      const store = getStore()
      const { appId } = await createApp(store.db, { name: 'b', origins: ['https://b.example'], now })
      const policy = await createSolanaSponsorPolicy(store.db, { appId, budgetLamports: 30_000n, now })
      const first = createWriteBatcher(store)
      const second = dialect === 'postgres' ? createWriteBatcher(await store.reopen()) : first
      try {
        for (let n = 10; n < 13; n++) await record(first, policy.id, appId, n)
        node.height = 500
        node.statuses.set(`${dialect}-sig-10`, { confirmationStatus: 'finalized' })
        node.fees.set(`${dialect}-sig-10`, 5_000)
        const settle = (writes: typeof first) =>
          settleSolanaSponsorships({ db: store.db, writes, chains: chains(), logger, now })
        const results = await Promise.allSettled([
          settle(first),
          settle(second),
          // Quotes that can still land at height 500: settlement keeps them.
          ...Array.from({ length: 6 }, (_, n) =>
            record(n % 2 ? second : first, policy.id, appId, 20 + n, 1_000n),
          ),
        ])
        const [a, b] = results as PromiseFulfilledResult<{ landed: number; released: number }>[]
        expect(a!.value.landed + b!.value.landed).toBe(1)
        expect(a!.value.released + b!.value.released).toBe(2)
        // Then fill what is left: 5,000 landed, so two more quotes of 10,000 fit and a third does not.
        for (let n = 30; n < 36; n++) await record(first, policy.id, appId, n, 1_000n).catch(() => undefined)
        const rows = await store.db
          .selectFrom('solana_sponsorships')
          .select(['paid_lamports', 'fee_lamports'])
          .where('policy_id', '=', policy.id)
          .execute()
        const counted = rows.reduce((sum, row) => sum + BigInt(row.paid_lamports ?? row.fee_lamports), 0n)
        expect(counted).toBe(25_000n)
        expect(rows).toHaveLength(5)
        expect(await findSolanaSponsorPolicy(store.db, { policyId: policy.id, appId })).toMatchObject({
          spentLamports: 25_000n,
        })
      } finally {
        await first.close()
        if (second !== first) await second.close()
      }
    })
  })
})
