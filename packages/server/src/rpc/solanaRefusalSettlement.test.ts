import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { policySettlementBurst } from '../sponsor/solana/settlePolicyQuotesThrottled.js'
import { type SolanaGateway, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * A budget refusal with open quotes settles them first (two or three calls to the node), so that an
 * expired quote does not keep the budget. A script that keeps sending refused requests must not turn each
 * one into node calls: through the real listener, against the devnet's Solana runtime behind a proxy that
 * counts the server's calls (`getSignatureStatuses` is asked once per settlement).
 */

let gateway: SolanaGateway

beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite', { countNodeCalls: true })
}, 60_000)
afterAll(async () => {
  await gateway?.stop()
})

/** An unsigned transfer of a fresh funded user, on the latest blockhash. */
const transfer = async () => {
  const user = await gateway.newUser(100_000_000n)
  const recipient = (await gateway.newUser(0n)).address
  return gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)])
}

describe('a Solana budget held by open quotes, and refused requests', () => {
  test('error: 20 refused requests at once, then 30 one after another, ask the node for a few settlements, not one each', async () => {
    const id = (
      await createSolanaSponsorPolicy(gateway.server.store.db, {
        appId: gateway.server.signerApp.appId,
        budgetLamports: 20_000n,
        now: Date.now(),
      })
    ).id
    // Two co-signed transfers, never sent, whose blockhash can still land: the whole budget is quoted.
    for (let n = 0; n < 2; n++)
      expect((await gateway.requestFeePayer(id, await transfer())).error).toBeUndefined()
    const refused = { code: -32501, message: expect.stringContaining(`Policy ${id} has a budget of 20000`) }
    const statuses = () => gateway.nodeCalls('getSignatureStatuses')
    const before = statuses()

    const unsigned = await transfer()
    const started = performance.now()
    const together = await Promise.all(
      Array.from({ length: 20 }, () => gateway.requestFeePayer(id, unsigned)),
    )
    for (const answer of together) expect(answer.error).toEqual(refused)
    // The twenty share the settlements the policy's burst allows (one runs, the others wait for it).
    expect(statuses() - before).toBeGreaterThanOrEqual(1)
    expect(statuses() - before).toBeLessThanOrEqual(policySettlementBurst)

    for (let n = 0; n < 30; n++) expect((await gateway.requestFeePayer(id, unsigned)).error).toEqual(refused)
    const seconds = (performance.now() - started) / 1000
    // A burst of three, then one a second: the count is bounded by the time the fifty took, not by fifty.
    const settlements = statuses() - before
    expect(settlements).toBeGreaterThanOrEqual(1)
    expect(settlements).toBeLessThanOrEqual(policySettlementBurst + Math.ceil(seconds))
    expect(settlements).toBeLessThan(50)
    // Nothing was released: both quotes can still land.
    expect(await gateway.recorded()).toBe(2)
  }, 120_000)
})
