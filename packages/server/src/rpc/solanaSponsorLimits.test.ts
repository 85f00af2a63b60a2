import {
  type Blockhash,
  createNoopSigner,
  fetchEncodedAccount,
  generateKeyPairSigner,
  getAddressDecoder,
  partiallySignTransaction,
  type Transaction,
} from '@solana/kit'
import {
  decodeNonce,
  getAdvanceNonceAccountInstruction,
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type CreateSolanaSponsorPolicyParameters,
  createSolanaSponsorPolicy,
} from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { type SolanaGateway, type SolanaTestSession, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * Issue 15, "Solana fee payer without a total", replayed through the real listener against the devnet's
 * Solana runtime (SQLite and PostgreSQL): per-user limits count Sigil users, not keypairs anyone can
 * mint; a lamport budget is a hard total; durable-nonce transactions (which never expire) and stale
 * blockhashes are refused. The fee payer's balance is measured around every attack: refusals leave it
 * as it was, sponsored transactions take exactly their fees.
 */

/** 5,000 lamports per signature on the runtime; a sponsored transfer has two (fee payer, user). */
const transferFee = 10_000n

let gateway: SolanaGateway

const policy = async (limits: Omit<CreateSolanaSponsorPolicyParameters, 'appId' | 'now'>) =>
  (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      now: Date.now(),
      ...limits,
    })
  ).id
const refusal = (message: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32501, message } })

/** Fee payer balance and sponsorship records, to compare before and after. */
const snapshot = async () => ({
  feePayer: gateway.solana.getBalance(gateway.feePayer),
  recorded: await gateway.recorded(),
})

/** Asserts the fee payer paid nothing and nothing new was recorded while `run` ran. */
const nothingSponsored = async (run: () => Promise<void>) => {
  const before = await snapshot()
  await run()
  expect(await snapshot()).toEqual(before)
}

/** A funded user (a fresh keypair) and an unsigned transfer of 0.001 SOL from it, the user as payer. */
const userTransfer = async () => {
  const user = await gateway.newUser(100_000_000n)
  const recipient = (await gateway.newUser(0n)).address
  return {
    user,
    unsigned: await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)]),
  }
}

/** Has the fee payer co-sign `unsigned` under `policyId`, then the user signs and sends it; answers the signature. */
const sponsorAndSend = async (
  policyId: string,
  user: Parameters<SolanaGateway['sign']>[0],
  unsigned: Transaction,
  session?: SolanaTestSession,
) => {
  const answer = await gateway.requestFeePayer(policyId, unsigned, session)
  expect(answer.error).toBeUndefined()
  return gateway.sendAndConfirm(await gateway.sign(user, gateway.decode(answer.result.serializedTransaction)))
}

forEachDialect((dialect) => {
  beforeAll(async () => {
    gateway = await startSolanaGateway(dialect)
  }, 60_000)
  afterAll(() => gateway?.stop())

  describe('Solana sponsorship limits (issue 15)', () => {
    test('error: 30 fresh keypairs of one signed-in user under 25 per user per day: the 26th is refused', async () => {
      const id = await policy({
        audience: 'signed-in',
        maxTransactionsPerUserPerDay: 25,
        budgetLamports: 1_000_000_000n,
      })
      const session = await gateway.signIn('solana-many-keys@example.com')
      const transfers: Awaited<ReturnType<typeof userTransfer>>[] = []
      for (let n = 0; n < 30; n++) transfers.push(await userTransfer())

      const before = await snapshot()
      for (const { user, unsigned } of transfers.slice(0, 25))
        await sponsorAndSend(id, user, unsigned, session)
      const afterLegitimate = await snapshot()
      expect(before.feePayer - afterLegitimate.feePayer).toBe(25n * transferFee)
      expect(afterLegitimate.recorded - before.recorded).toBe(25)

      await nothingSponsored(async () => {
        for (const { unsigned } of transfers.slice(25))
          expect(await gateway.requestFeePayer(id, unsigned, session)).toEqual(
            refusal(`Policy ${id} allows 25 transactions per user per day`),
          )
      })
      // Another signed-in user is counted apart, with one of the same keys.
      const other = await gateway.signIn('solana-other-user@example.com')
      const { user } = transfers[0]!
      const recipient = (await gateway.newUser(0n)).address
      await sponsorAndSend(
        id,
        user,
        await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)]),
        other,
      )
      const keys = await gateway.server.store.db
        .selectFrom('solana_sponsorships')
        .select('user_key')
        .where('policy_id', '=', id)
        .execute()
      expect(keys.filter((row) => row.user_key === `user:${session.userId}`)).toHaveLength(25)
      expect(keys.filter((row) => row.user_key === `user:${other.userId}`)).toHaveLength(1)
    }, 120_000)

    test('error: a total lamport budget refuses the transaction that would exceed it', async () => {
      const id = await policy({ budgetLamports: 25_000n })
      const before = await snapshot()
      for (let n = 0; n < 2; n++) {
        const { user, unsigned } = await userTransfer()
        await sponsorAndSend(id, user, unsigned)
      }
      expect(before.feePayer - gateway.solana.getBalance(gateway.feePayer)).toBe(2n * transferFee)
      const { unsigned } = await userTransfer()
      await nothingSponsored(async () => {
        expect(await gateway.requestFeePayer(id, unsigned)).toEqual(
          refusal(
            `Policy ${id} has a budget of 25000 lamports in total: 20000 are spent and this transaction may cost 10000`,
          ),
        )
      })
    }, 60_000)

    test('error: a budget per user counts the signed-in user across fresh keys; anonymous callers are refused', async () => {
      const id = await policy({
        audience: 'signed-in',
        budgetLamports: 1_000_000_000n,
        budgetPerUserLamports: 25_000n,
        budgetPeriod: 'day',
      })
      const session = await gateway.signIn('solana-budget-per-user@example.com')
      const before = await snapshot()
      for (let n = 0; n < 2; n++) {
        const { user, unsigned } = await userTransfer()
        await sponsorAndSend(id, user, unsigned, session)
      }
      expect(before.feePayer - gateway.solana.getBalance(gateway.feePayer)).toBe(2n * transferFee)
      const { unsigned } = await userTransfer()
      await nothingSponsored(async () => {
        expect(await gateway.requestFeePayer(id, unsigned, session)).toEqual(
          refusal(
            `Policy ${id} allows each user 25000 lamports per UTC day: this user has used 20000 and this transaction may cost 10000`,
          ),
        )
        expect(await gateway.requestFeePayer(id, unsigned)).toEqual(
          refusal(`Policy ${id} sponsors signed-in users only: sign in first`),
        )
      })
    }, 60_000)

    test('error: a durable-nonce transaction (AdvanceNonceAccount first) is refused, on a recent blockhash or on its nonce', async () => {
      const id = await policy({ budgetLamports: 1_000_000_000n })
      const user = await gateway.newUser()
      const recipient = (await gateway.newUser(0n)).address
      // The user creates a nonce account it controls, paying for it itself.
      const nonce = await generateKeyPairSigner()
      const space = BigInt(getNonceSize())
      const rent = await gateway.rpc.getMinimumBalanceForRentExemption(space).send()
      const create = await gateway.build(user.address, [
        getCreateAccountInstruction({
          payer: user,
          newAccount: nonce,
          lamports: rent,
          space,
          programAddress: SYSTEM_PROGRAM_ADDRESS,
        }),
        getInitializeNonceAccountInstruction({ nonceAccount: nonce.address, nonceAuthority: user.address }),
      ])
      await gateway.sendAndConfirm(await partiallySignTransaction([user.keyPair, nonce.keyPair], create))
      const account = await fetchEncodedAccount(gateway.rpc, nonce.address)
      if (!account.exists) throw new Error('the nonce account was not created')
      const nonceValue = decodeNonce(account).data.blockhash as string as Blockhash

      const advance = getAdvanceNonceAccountInstruction({
        nonceAccount: nonce.address,
        nonceAuthority: createNoopSigner(user.address),
      })
      const transfer = gateway.transfer(user, recipient, 1_000_000n)
      const message =
        "The transaction's first instruction advances a durable nonce (System program AdvanceNonceAccount): a durable-nonce transaction never expires, so the fee payer signs only transactions on a recent blockhash"
      await nothingSponsored(async () => {
        // On a recent blockhash it would simulate and land (and so be co-signed before this check)…
        expect(
          await gateway.requestFeePayer(id, await gateway.build(user.address, [advance, transfer])),
        ).toEqual(refusal(message))
        // …and on its nonce value it is what a durable-nonce client sends: valid until the nonce advances.
        expect(
          await gateway.requestFeePayer(
            id,
            await gateway.build(user.address, [advance, transfer], 0, { blockhash: nonceValue }),
          ),
        ).toEqual(refusal(message))
      })
      // The same transfer without the nonce instruction is sponsored and costs its fee only.
      const before = await snapshot()
      await sponsorAndSend(id, user, await gateway.build(user.address, [transfer]))
      expect(before.feePayer - gateway.solana.getBalance(gateway.feePayer)).toBe(transferFee)
    }, 60_000)

    test('error: an expired or unknown blockhash is refused with its own message', async () => {
      const id = await policy({ budgetLamports: 1_000_000_000n })
      const user = await gateway.newUser()
      const recipient = (await gateway.newUser(0n)).address
      const transfer = [gateway.transfer(user, recipient, 1_000_000n)]
      const { value } = await gateway.rpc.getLatestBlockhash().send()
      // A blockhash is accepted for 150 blocks; every landed transaction (an airdrop too) makes one.
      for (let n = 0; n < 152; n++) await gateway.solana.airdrop(user.address, 1n)
      expect((await gateway.rpc.isBlockhashValid(value.blockhash).send()).value).toBe(false)
      const unknown = getAddressDecoder().decode(new Uint8Array(32).fill(3)) as string as Blockhash
      await nothingSponsored(async () => {
        for (const blockhash of [value.blockhash, unknown])
          expect(
            (await gateway.requestFeePayer(id, await gateway.build(user.address, transfer, 0, { blockhash })))
              .error,
          ).toEqual({
            code: -32602,
            message: `The transaction's blockhash ${blockhash} is expired or unknown on chain solana-localnet: build it again on a recent blockhash (getLatestBlockhash)`,
          })
      })
    }, 60_000)
  })
})
