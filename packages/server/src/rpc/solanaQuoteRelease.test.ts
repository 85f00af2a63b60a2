import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Blockhash, getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCliInProcess } from '../test/runCliInProcess.js'
import { type SolanaGateway, solanaChainId, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * Issue 29, "Solana quotes never released", replayed through the real listener against the devnet's
 * Solana runtime (SQLite and PostgreSQL): co-signed transactions that are never sent hold the budget
 * only while their blockhash can land; a sent one stays counted at the fee it paid. The budget is read
 * as the operator reads it (`sigil-server policy list`, which settles first), the fee payer's balance
 * from the runtime.
 */

/** 5,000 lamports per signature on the runtime; a sponsored transfer has two (fee payer, user). */
const transferFee = 10_000n

let gateway: SolanaGateway
let chainsDir: string

/** `sigil-server policy list` on the gateway's store and the devnet's chain: the policy `id`'s entry. */
const policyList = async (id: string) => {
  const { location } = gateway.server.store
  const storeArgs = location.dataDir
    ? ['--data-dir', location.dataDir]
    : ['--database-url', location.databaseUrl!]
  const { stdout, stderr, code } = await runCliInProcess(
    ['policy', 'list', '--chains', join(chainsDir, 'chains.json'), ...storeArgs],
    { SIGIL_MASTER_KEY: testMasterKey },
  )
  if (code !== 0) throw new Error(`policy list exited ${code}: ${stderr}`)
  const listed = JSON.parse(stdout.trim().split('\n').at(-1)!) as { policyId: string }[]
  return listed.find((each) => each.policyId === id) as unknown as {
    spentLamports: string
    reservedLamports: string
    remainingLamports: string
  }
}
const budgetOf = async (id: string) => {
  const { spentLamports, reservedLamports, remainingLamports } = await policyList(id)
  return { spent: spentLamports, reserved: reservedLamports, remaining: remainingLamports }
}

/** A funded user and an unsigned transfer from it on the latest blockhash; answers the blockhash too. */
const userTransfer = async () => {
  const user = await gateway.newUser(100_000_000n)
  const recipient = (await gateway.newUser(0n)).address
  const unsigned = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)])
  return { user, unsigned }
}
/** The blockhash a compiled transaction is built on. */
const blockhashOf = (transaction: Transaction) =>
  getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken as Blockhash

/** Makes blocks (an airdrop each lands) until the runtime no longer accepts `blockhash`. */
const expire = async (blockhash: Blockhash) => {
  const sink = (await gateway.newUser()).address
  for (let made = 0; made < 200; made++) {
    if (!(await gateway.rpc.isBlockhashValid(blockhash).send()).value) return
    await gateway.solana.airdrop(sink, 1n)
  }
  throw new Error(`${blockhash} still valid after 200 blocks`)
}

forEachDialect((dialect) => {
  beforeAll(async () => {
    gateway = await startSolanaGateway(dialect)
    chainsDir = await mkdtemp(join(tmpdir(), 'sigil-solana-quotes-'))
    await writeFile(
      join(chainsDir, 'chains.json'),
      JSON.stringify({ chains: [{ id: solanaChainId, type: 'solana', rpcUrl: gateway.solana.rpcUrl }] }),
    )
  }, 60_000)
  afterAll(async () => {
    await gateway?.stop()
    if (chainsDir) await rm(chainsDir, { recursive: true, force: true })
  })

  describe('Solana quotes released once their blockhash expired (issue 29)', () => {
    test('error: three co-signed transactions never sent hold a 30,000-lamport budget only until their blockhash expires; a sent one stays counted at its fee', async () => {
      const id = (
        await createSolanaSponsorPolicy(gateway.server.store.db, {
          appId: gateway.server.signerApp.appId,
          budgetLamports: 30_000n,
          now: Date.now(),
        })
      ).id
      const feePayerBefore = gateway.solana.getBalance(gateway.feePayer)
      expect(await budgetOf(id)).toEqual({ spent: '0', reserved: '0', remaining: '30000' })

      // Three co-signed, none sent: the whole budget is quoted.
      const quoted: Transaction[] = []
      for (let n = 0; n < 3; n++) {
        const { unsigned } = await userTransfer()
        expect((await gateway.requestFeePayer(id, unsigned)).error).toBeUndefined()
        quoted.push(unsigned)
      }
      // The newest blockhash now: none of the three can land once it has expired.
      const { value: latest } = await gateway.rpc.getLatestBlockhash().send()
      const refused = {
        code: -32501,
        message: `Policy ${id} has a budget of 30000 lamports in total: 30000 are spent and this transaction may cost 10000`,
      }
      const fourth = await userTransfer()
      expect((await gateway.requestFeePayer(id, fourth.unsigned)).error).toEqual(refused)
      // While their blockhash can still land, nothing is released (policy list settles first).
      for (const transaction of quoted)
        expect((await gateway.rpc.isBlockhashValid(blockhashOf(transaction)).send()).value).toBe(true)
      expect(await budgetOf(id)).toEqual({ spent: '0', reserved: '30000', remaining: '0' })

      // Their blockhash expires: the next request finds the budget free again.
      await expire(latest.blockhash)
      const again = await userTransfer()
      const sponsored = await gateway.requestFeePayer(id, again.unsigned)
      expect(sponsored.error).toBeUndefined()
      expect(await budgetOf(id)).toEqual({ spent: '0', reserved: '10000', remaining: '20000' })
      expect(gateway.solana.getBalance(gateway.feePayer)).toBe(feePayerBefore)

      // That one is sent: it lands, and stays counted at the fee it paid, also after its blockhash expired.
      const signed = await gateway.sign(again.user, gateway.decode(sponsored.result.serializedTransaction))
      await gateway.sendAndConfirm(signed)
      expect(feePayerBefore - gateway.solana.getBalance(gateway.feePayer)).toBe(transferFee)
      const { value: after } = await gateway.rpc.getLatestBlockhash().send()
      await expire(after.blockhash)
      expect(await budgetOf(id)).toEqual({ spent: '10000', reserved: '0', remaining: '20000' })
    }, 120_000)
  })
})
