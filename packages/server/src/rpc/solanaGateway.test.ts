import { getBase64EncodedWireTransaction } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { type SolanaGateway, solanaChainId, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * `alchemy_requestFeePayer` and node forwarding on a Solana chain, end to end: a real listener, a real
 * Solana runtime (litesvm), transactions built with `@solana/kit` and signed by a test keypair standing
 * in for the user (the Sigil signer is tested in @sigil/signer). SQLite and PostgreSQL stores.
 */

let gateway: SolanaGateway
let policyId: string
const slow = { timeout: 30_000 }

forEachDialect((dialect) => {
  beforeAll(async () => {
    gateway = await startSolanaGateway(dialect)
    policyId = (
      await createSolanaSponsorPolicy(gateway.server.store.db, {
        appId: gateway.server.signerApp.appId,
        chains: [solanaChainId],
        now: Date.now(),
      })
    ).id
  }, 60_000)
  afterAll(() => gateway?.stop())

  describe('Solana gateway', () => {
    test.each([0, 'legacy'] as const)(
      'default: a %s transfer built with the user as payer is rewritten, signed by the fee payer, and lands; the fee payer pays the whole fee, the user only the amount',
      async (version) => {
        const { solana, feePayer } = gateway
        const user = await gateway.newUser()
        const recipient = (await gateway.newUser(0n)).address
        const unsigned = await gateway.build(
          user.address,
          [gateway.transfer(user, recipient, 1_234_567n)],
          version,
        )
        const answer = await gateway.requestFeePayer(policyId, unsigned)
        expect(answer).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: { serializedTransaction: expect.any(String) },
        })
        const sponsored = gateway.decode(answer.result.serializedTransaction)
        expect(Object.keys(sponsored.signatures)).toEqual([feePayer, user.address])
        expect(sponsored.signatures[feePayer as never]).not.toBeNull()
        expect(sponsored.signatures[user.address]).toBeNull()
        const before = { user: solana.getBalance(user.address), feePayer: solana.getBalance(feePayer) }
        await gateway.sendAndConfirm(await gateway.sign(user, sponsored))
        expect(solana.getBalance(recipient)).toBe(1_234_567n)
        expect(before.user - solana.getBalance(user.address)).toBe(1_234_567n)
        const fee = before.feePayer - solana.getBalance(feePayer)
        expect(fee).toBe(10_000n) // 5000 lamports per signature, two signatures
        const row = await gateway.server.store.db
          .selectFrom('solana_sponsorships')
          .selectAll()
          .where('user_address', '=', user.address)
          .executeTakeFirstOrThrow()
        expect(row).toMatchObject({ policy_id: policyId, chain_id: solanaChainId, fee_lamports: String(fee) })
      },
      slow.timeout,
    )

    test(
      'default: a transfer built with the fee payer already first keeps the user signature and lands as answered',
      async () => {
        const { solana, feePayer } = gateway
        const user = await gateway.newUser()
        const recipient = (await gateway.newUser(0n)).address
        const signedByUser = await gateway.sign(
          user,
          await gateway.build(feePayer, [gateway.transfer(user, recipient, 2_000_000n)]),
        )
        const answer = await gateway.requestFeePayer(policyId, signedByUser)
        const sponsored = gateway.decode(answer.result.serializedTransaction)
        expect(sponsored.messageBytes).toEqual(signedByUser.messageBytes)
        expect(sponsored.signatures[user.address]).toEqual(signedByUser.signatures[user.address])
        const before = solana.getBalance(user.address)
        await gateway.sendAndConfirm(sponsored)
        expect(before - solana.getBalance(user.address)).toBe(2_000_000n)
        expect(solana.getBalance(recipient)).toBe(2_000_000n)
      },
      slow.timeout,
    )

    test(
      'behavior: the same message twice answers the same transaction and counts once; sending it twice is refused by the runtime',
      async () => {
        const user = await gateway.newUser()
        const unsigned = await gateway.build(user.address, [
          gateway.transfer(user, (await gateway.newUser(0n)).address, 1_000_000n),
        ])
        const recordedBefore = await gateway.recorded()
        const first = await gateway.requestFeePayer(policyId, unsigned)
        const second = await gateway.requestFeePayer(policyId, unsigned)
        expect(second.result).toEqual(first.result)
        expect(await gateway.recorded()).toBe(recordedBefore + 1)
        const signed = await gateway.sign(user, gateway.decode(first.result.serializedTransaction))
        await gateway.sendAndConfirm(signed)
        const replay = await gateway.call('sendTransaction', [
          getBase64EncodedWireTransaction(signed),
          { encoding: 'base64' },
        ])
        expect(replay.error).toMatchObject({
          code: expect.any(Number),
          message: expect.stringMatching(/already been processed|AlreadyProcessed/i),
        })
      },
      slow.timeout,
    )

    test('default: node methods are forwarded unchanged', async () => {
      const { rpc } = gateway
      const user = await gateway.newUser(0n)
      expect((await rpc.getLatestBlockhash().send()).value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      expect(await rpc.getHealth().send()).toBe('ok')
      expect(typeof (await rpc.getSlot().send())).toBe('bigint')
      await rpc.requestAirdrop(user.address, 1_000_000_000n as never).send()
      expect((await rpc.getBalance(user.address).send()).value).toBe(1_000_000_000n)
      expect(await gateway.call('getVersion', [])).toMatchObject({ result: expect.any(Object) })
    })

    test('default: the node methods wallets and the SDK use are on the allow-list and answered by the node', async () => {
      const user = await gateway.newUser()
      const { value } = await gateway.rpc.getLatestBlockhash().send()
      const message = (await gateway.build(user.address, [gateway.transfer(user, user.address, 1n)]))
        .messageBytes
      const calls: [string, unknown[]][] = [
        ['getAccountInfo', [user.address, { encoding: 'base64' }]],
        ['getMultipleAccounts', [[user.address], { encoding: 'base64' }]],
        ['getBlockHeight', []],
        ['getEpochInfo', []],
        ['getGenesisHash', []],
        ['getTransactionCount', []],
        ['getMinimumBalanceForRentExemption', [80]],
        ['getRecentPrioritizationFees', []],
        ['getFeeForMessage', [Buffer.from(message).toString('base64')]],
        ['isBlockhashValid', [value.blockhash]],
        ['getSignatureStatuses', [[]]],
      ]
      for (const [method, params] of calls)
        expect(await gateway.call(method, params), method).toMatchObject({ result: expect.anything() })
    })

    test('error: node methods off the allow-list (scans, validator internals, cheat codes) are -32601, not forwarded', async () => {
      for (const method of [
        'getProgramAccounts',
        'getLargestAccounts',
        'getSupply',
        'getClusterNodes',
        'getIdentity',
        'getVoteAccounts',
        'setAccount',
        'surfnet_setAccount',
      ])
        expect(await gateway.call(method, [])).toEqual({
          jsonrpc: '2.0',
          id: 1,
          error: {
            code: -32601,
            message: `method ${method} is not available through the gateway on Solana chain solana-localnet: it forwards only the documented node methods (docs/sponsorship.md)`,
          },
        })
    })

    test('error: methods of the other kind of chain are METHOD_NOT_FOUND, saying which chain they need', async () => {
      expect(await gateway.call('eth_chainId', [])).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32601,
          message:
            'method eth_chainId needs an EVM chain (/rpc/<chain number>); solana-localnet is a Solana chain',
        },
      })
      expect((await gateway.call('pm_getPaymasterStubData', [])).error.code).toBe(-32601)
      const evm = `${gateway.listener.url}/rpc/31337/${gateway.server.signerApp.apiKey}`
      expect(
        await gateway.call('alchemy_requestFeePayer', [{ policyId, serializedTransaction: 'AA==' }], evm),
      ).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32601,
          message:
            'alchemy_requestFeePayer needs a Solana chain (/rpc/solana-…); chain 31337 is an EVM chain',
        },
      })
      const unknown = await fetch(
        `${gateway.listener.url}/rpc/solana-nope/${gateway.server.signerApp.apiKey}`,
        {
          method: 'POST',
          body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}',
        },
      )
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({
        error: 'chain solana-nope is not served by this gateway',
        code: 'CHAIN_NOT_FOUND',
      })
    })
  })
})
