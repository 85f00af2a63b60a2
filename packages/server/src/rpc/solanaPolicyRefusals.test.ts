import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AccountRole,
  type Address,
  type Blockhash,
  getAddressDecoder,
  getBase64EncodedWireTransaction,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSigilServer } from '../createSigilServer.js'
import { createLogger } from '../log/createLogger.js'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { disableSponsorPolicy } from '../sponsor/disableSponsorPolicy.js'
import {
  type CreateSolanaSponsorPolicyParameters,
  createSolanaSponsorPolicy,
} from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { rpcRequest } from './test/rpcRequest.js'
import { type SolanaGateway, solanaChainId, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * `alchemy_requestFeePayer` refusals through a real listener and a real Solana runtime (SQLite and
 * PostgreSQL): each answers a JSON-RPC error naming the field or the limit, and nothing is recorded
 * or paid by the fee payer.
 */

let gateway: SolanaGateway
const memoProgram = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const systemProgram = '11111111111111111111111111111111'

const policy = async (limits: Omit<CreateSolanaSponsorPolicyParameters, 'appId' | 'now'> = {}) =>
  (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      now: Date.now(),
      ...limits,
    })
  ).id
const invalid = (message: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32602, message } })
const refusal = (message: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32501, message } })

/** A Compute Budget instruction: `kind` 2 sets the unit limit (u32), 3 the unit price in micro-lamports (u64). */
const computeBudget = (kind: 2 | 3, value: bigint, bytes: 4 | 8) => {
  const data = new Uint8Array(1 + bytes)
  const view = new DataView(data.buffer)
  data[0] = kind
  if (bytes === 4) view.setUint32(1, Number(value), true)
  else view.setBigUint64(1, value, true)
  return { programAddress: 'ComputeBudget111111111111111111111111111111' as Address, data }
}

/** A user with funds and an unsigned transfer of 0.001 SOL from them (user as payer). */
const userTransfer = async () => {
  const user = await gateway.newUser()
  const recipient = (await gateway.newUser(0n)).address
  return {
    user,
    unsigned: await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)]),
  }
}

/** Asserts the fee payer paid nothing and nothing new was recorded while `run` ran. */
const nothingSponsored = async (run: () => Promise<void>) => {
  const balance = gateway.solana.getBalance(gateway.feePayer)
  const recorded = await gateway.recorded()
  await run()
  expect(gateway.solana.getBalance(gateway.feePayer)).toBe(balance)
  expect(await gateway.recorded()).toBe(recorded)
}

forEachDialect((dialect) => {
  beforeAll(async () => {
    gateway = await startSolanaGateway(dialect)
  }, 60_000)
  afterAll(() => gateway?.stop())

  describe('Solana fee payer refusals', () => {
    test('error: missing or empty fields and undecodable transactions are -32602 naming the field', async () => {
      const id = await policy()
      const { unsigned } = await userTransfer()
      const call = (params: unknown) => gateway.call('alchemy_requestFeePayer', params)
      await nothingSponsored(async () => {
        const missing = invalid('serializedTransaction is required: the base64 wire transaction to sponsor')
        expect(await call([{ policyId: id }])).toEqual(missing)
        expect(await call([{ policyId: id, serializedTransaction: '' }])).toEqual(missing)
        expect(await call([{ serializedTransaction: 'AA==' }])).toEqual(
          invalid('policyId is required: the id of the Solana fee payer policy'),
        )
        expect(await call([])).toEqual(invalid('params must be [{ policyId, serializedTransaction }]'))
        expect(await call([{ policyId: id, serializedTransaction: 'not base64 at all!' }])).toEqual(
          invalid('serializedTransaction is not a Solana wire transaction: not base64'),
        )
        const garbage = await call([
          {
            policyId: id,
            serializedTransaction: Buffer.from('garbage bytes, not a transaction').toString('base64'),
          },
        ])
        expect(garbage.error).toMatchObject({
          code: -32602,
          message: expect.stringMatching(/^serializedTransaction is not a Solana wire transaction: /),
        })
        const truncated = gateway.requestFeePayer(
          id,
          Buffer.from(unsigned.messageBytes.slice(0, 40)).toString('base64'),
        )
        expect((await truncated).error.code).toBe(-32602)
      })
    })

    test('error: a drain attempt (the fee payer moving funds or used as an instruction account) is refused, in both shapes', async () => {
      const id = await policy()
      const user = await gateway.newUser()
      const { feePayer } = gateway
      const drain = refusal(
        `The transaction uses the fee payer ${feePayer} in an instruction: the fee payer only pays fees`,
      )
      const thief = (await gateway.newUser(0n)).address
      await nothingSponsored(async () => {
        for (const [payer, instruction] of [
          [user.address, gateway.transfer(feePayer, thief, 1_000_000_000n)],
          [feePayer, gateway.transfer(feePayer, thief, 1_000_000_000n)],
          [user.address, gateway.transfer(user, feePayer, 1_000_000n)],
          [feePayer, gateway.transfer(user, feePayer, 1_000_000n)],
          [
            user.address,
            {
              programAddress: memoProgram as Address,
              accounts: [{ address: feePayer as Address, role: AccountRole.READONLY }],
            },
          ],
        ] as const)
          expect(
            await gateway.requestFeePayer(id, await gateway.build(payer, [instruction as never])),
          ).toEqual(drain)
      })
    })

    test('error: address lookup tables are refused (the fee payer cannot check them)', async () => {
      const id = await policy()
      const user = await gateway.newUser()
      const recipient = (await gateway.newUser(0n)).address
      const table = getAddressDecoder().decode(new Uint8Array(32).fill(7))
      const unsigned = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)], 0, {
        lookupTables: { [table]: [recipient as Address] },
      })
      await nothingSponsored(async () => {
        expect((await gateway.requestFeePayer(id, unsigned)).error).toEqual({
          code: -32501,
          message:
            'The transaction loads accounts from address lookup tables, which the fee payer cannot check: list every account in the message',
        })
      })
    })

    test('error: each policy limit refuses naming it', async () => {
      const { unsigned } = await userTransfer()
      const expired = await policy({ expiresAt: Date.now() - 1 })
      const disabled = await policy()
      await disableSponsorPolicy(gateway.server.store.db, { policyId: disabled, now: Date.now() })
      const gas = (
        await createSponsorPolicy(gateway.server.store.db, {
          appId: gateway.server.signerApp.appId,
          now: Date.now(),
        })
      ).id
      const cases: [string, string][] = [
        [
          await policy({ maxLamportsPerTransaction: 9_999n }),
          'allows at most 9999 lamports per transaction; this one costs 10000',
        ],
        [await policy({ allowedPrograms: [memoProgram] }), `does not allow program ${systemProgram}`],
        [await policy({ chains: ['solana-devnet'] }), `does not sponsor chain ${solanaChainId}`],
        [expired, 'has expired'],
        [disabled, 'is disabled'],
        [gas, 'is an EVM gas policy: it does not sponsor Solana transactions'],
        ['pol_unknown', 'not found'],
      ]
      await nothingSponsored(async () => {
        for (const [id, message] of cases)
          expect(await gateway.requestFeePayer(id, unsigned)).toEqual(refusal(`Policy ${id} ${message}`))
      })
      // The same transaction under a policy that allows it goes through.
      expect(
        (
          await gateway.requestFeePayer(
            await policy({
              maxLamportsPerTransaction: 10_000n,
              allowedPrograms: [systemProgram],
              chains: [solanaChainId],
            }),
            unsigned,
          )
        ).result,
      ).toBeDefined()
    })

    test('error: under a policy without a lamports limit, a priority fee above the server cap (SIGIL_SOLANA_MAX_FEE_LAMPORTS, default 1,000,000) is refused; a policy limit overrides the cap', async () => {
      const user = await gateway.newUser()
      const recipient = (await gateway.newUser(0n)).address
      // 200,000 compute units at 10,000,000 micro-lamports each: a 2,000,000-lamport priority fee.
      const unsigned = await gateway.build(user.address, [
        computeBudget(2, 200_000n, 4),
        computeBudget(3, 10_000_000n, 8),
        gateway.transfer(user, recipient, 1_000_000n),
      ])
      const noLimit = await policy()
      await nothingSponsored(async () => {
        expect(await gateway.requestFeePayer(noLimit, unsigned)).toEqual(
          refusal(
            `Policy ${noLimit} has no lamports limit and the server pays at most 1000000 lamports per transaction (SIGIL_SOLANA_MAX_FEE_LAMPORTS); this one costs 2010000`,
          ),
        )
      })
      const generous = await policy({ maxLamportsPerTransaction: 2_010_000n })
      expect((await gateway.requestFeePayer(generous, unsigned)).result).toBeDefined()
    })

    test('error: a transaction that fails on the node, or whose blockhash the node does not know, is refused', async () => {
      const id = await policy()
      const user = await gateway.newUser(2_000_000n)
      const recipient = (await gateway.newUser(0n)).address
      await nothingSponsored(async () => {
        const tooMuch = await gateway.requestFeePayer(
          id,
          await gateway.build(user.address, [gateway.transfer(user, recipient, 5_000_000n)]),
        )
        expect(tooMuch.error).toMatchObject({
          code: -32602,
          message: expect.stringMatching(/^The transaction fails in simulation on chain solana-localnet: /),
          data: { err: expect.anything(), logs: expect.any(Array) },
        })
        const stale = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)], 0, {
          blockhash: getAddressDecoder().decode(new Uint8Array(32).fill(3)) as string as Blockhash,
        })
        expect((await gateway.requestFeePayer(id, stale)).error).toEqual({
          code: -32602,
          message: expect.stringMatching(
            /^The transaction's blockhash \w+ is expired or unknown on chain solana-localnet: build it again on a recent blockhash/,
          ),
        })
      })
    })

    test('error: transactions per user per day, also for a second server instance on the same store (a restart)', async () => {
      const id = await policy({ maxTransactionsPerUserPerDay: 1 })
      const user = await gateway.newUser()
      const recipient = (await gateway.newUser(0n)).address
      const transfer = () => gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)])
      const first = await gateway.requestFeePayer(id, await transfer())
      await gateway.sendAndConfirm(
        await gateway.sign(user, gateway.decode(first.result.serializedTransaction)),
      )
      const limit = refusal(`Policy ${id} allows 1 transaction per user per day`)
      expect(await gateway.requestFeePayer(id, await transfer())).toEqual(limit)
      // Another user is counted apart.
      expect((await gateway.requestFeePayer(id, (await userTransfer()).unsigned)).result).toBeDefined()

      const dataDir = await mkdtemp(join(tmpdir(), 'sigil-restart-'))
      const restarted = await createSigilServer({
        store: await gateway.server.store.reopen(),
        dataDir,
        masterKey: testMasterKey,
        logger: createLogger({ level: 'silent' }),
        sqliteWriterThread: false,
        chains: [{ id: solanaChainId, type: 'solana', rpcUrl: gateway.solana.rpcUrl }],
      })
      try {
        const { body } = await rpcRequest(restarted, {
          chainId: solanaChainId,
          apiKey: gateway.server.signerApp.apiKey,
          method: 'alchemy_requestFeePayer',
          params: [
            {
              policyId: id,
              serializedTransaction: getBase64EncodedWireTransaction(await transfer()),
            },
          ],
        })
        expect(body).toEqual({ ...limit, id: 7 })
      } finally {
        await restarted.close()
        await rm(dataDir, { recursive: true, force: true })
      }
    })
  })
})
