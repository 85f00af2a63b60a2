import { afterAll, beforeAll, expect, test } from 'vitest'
import { type SolanaGateway, startSolanaGateway } from '../rpc/test/startSolanaGateway.js'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'

/** Solana sponsorship counters: a co-signed transfer counts a reservation and its fee in lamports. */

let gateway: SolanaGateway
beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite')
}, 60_000)
afterAll(() => gateway?.stop())

test('behavior: alchemy_requestFeePayer counts a sponsorship and its fee lamports under the policy id', async () => {
  const { server } = gateway
  const { id } = await createSolanaSponsorPolicy(server.store.db, {
    appId: server.signerApp.appId,
    now: Date.now(),
    audience: 'public',
    budgetLamports: 1_000_000_000n,
  })
  const value = async (name: string) =>
    (await server.app.sigil.metrics.registry.getSingleMetric(name)?.get())?.values.find(
      (each) => each.labels.policy === id,
    )?.value
  const user = await gateway.newUser(100_000_000n)
  const recipient = (await gateway.newUser(0n)).address
  const unsigned = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)])
  expect(await value('sigil_sponsorship_reservations_total')).toBeUndefined()

  const answer = await gateway.requestFeePayer(id, unsigned)
  expect(answer.error).toBeUndefined()
  expect(await value('sigil_sponsorship_reservations_total')).toBe(1)
  // 5,000 lamports per signature on the devnet's runtime; a sponsored transfer has two.
  expect(await value('sigil_sponsorship_spend_lamports')).toBe(10_000)
})
