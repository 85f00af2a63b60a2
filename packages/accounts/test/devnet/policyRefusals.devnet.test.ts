import type { LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { disableSponsorPolicy } from '../../../server/src/sponsor/disableSponsorPolicy.js'
import { toLightAccount } from '../../src/accounts/toLightAccount.js'
import { createSmartAccountClient } from '../../src/client/createSmartAccountClient.js'
import { type SmartAccountTestbed, startSmartAccountTestbed } from './startSmartAccountTestbed.js'

/**
 * Gas policy refusals as an app meets them through @sigil/accounts: the sponsored send fails with the
 * policy's message and nothing is sent; both sponsorship modes (one-call alchemy and ERC-7677) are refused.
 */

const allowed = '0x00000000000000000000000000000000000a11ed'
const other = '0x000000000000000000000000000000000000dEaD'

let testbed: SmartAccountTestbed
let owner: LocalAccount
beforeAll(async () => {
  testbed = await startSmartAccountTestbed()
  owner = await testbed.signIn('policy-refusals@example.com')
}, 120_000)
afterAll(async () => {
  await testbed?.stop()
})

async function clientWith(policyId: string, paymasterMode: 'alchemy' | 'erc7677' = 'alchemy', salt = 0n) {
  const account = await toLightAccount({ client: testbed.gatewayClient, owner, salt })
  return createSmartAccountClient({
    account,
    chain: testbed.chain,
    transport: testbed.transport,
    policyId,
    paymasterMode,
    pollingInterval: 20,
  })
}

describe.each(['alchemy', 'erc7677'] as const)('sponsorship mode %s', (mode) => {
  test('error: a call to a target the policy does not list is refused with its message', async () => {
    const policy = await testbed.createPolicy({ chainIds: [31337], allowedTargets: [allowed] })
    const client = await clientWith(policy.id, mode)
    const refused = await client
      .sendUserOperation({ calls: [{ to: other, value: 0n }] })
      .catch((error: Error) => error)
    expect(refused).toBeInstanceOf(Error)
    expect((refused as Error).message).toMatch(
      new RegExp(`Policy ${policy.id} does not allow calls to ${other}`, 'i'),
    )
    // viem's own title for the error must not mislead (it read 'Requested resource not found' for -32001).
    expect((refused as Error).message).not.toMatch(/resource not found/i)
    const hash = await client.sendUserOperation({ calls: [{ to: allowed, value: 0n }] })
    expect((await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success).toBe(true)
  })

  test('error: a policy for another chain, an expired, a disabled and an unknown policy are refused', async () => {
    const otherChain = await testbed.createPolicy({ chainIds: [1] })
    await expect(
      (await clientWith(otherChain.id, mode)).sendUserOperation({ calls: [{ to: other }] }),
    ).rejects.toThrow(`Policy ${otherChain.id} does not sponsor chain 31337`)
    const expired = await testbed.createPolicy({ expiresAt: Date.now() - 1_000 })
    await expect(
      (await clientWith(expired.id, mode)).sendUserOperation({ calls: [{ to: other }] }),
    ).rejects.toThrow(`Policy ${expired.id} has expired`)
    const disabled = await testbed.createPolicy({})
    await disableSponsorPolicy(testbed.server.store.db, { policyId: disabled.id, now: Date.now() })
    await expect(
      (await clientWith(disabled.id, mode)).sendUserOperation({ calls: [{ to: other }] }),
    ).rejects.toThrow(`Policy ${disabled.id} is disabled`)
    await expect(
      (await clientWith('pol_unknown', mode)).sendUserOperation({ calls: [{ to: other }] }),
    ).rejects.toThrow(/pol_unknown/)
  })
})

test('error: the per-sender daily limit lets the first operation through and refuses the next', async () => {
  const policy = await testbed.createPolicy({ maxOperationsPerSenderPerDay: 1 })
  const client = await clientWith(policy.id, 'alchemy', 7n)
  const hash = await client.sendUserOperation({ calls: [{ to: other, value: 0n }] })
  expect((await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success).toBe(true)
  await expect(client.sendUserOperation({ calls: [{ to: other, value: 0n }] })).rejects.toThrow(
    `Policy ${policy.id} allows 1 operation per sender per day`,
  )
})

test('error: a budget smaller than one operation is refused as exhausted', async () => {
  const policy = await testbed.createPolicy({ budgetWei: 1n })
  const client = await clientWith(policy.id)
  await expect(client.sendUserOperation({ calls: [{ to: other, value: 0n }] })).rejects.toThrow(
    `Policy ${policy.id} budget exhausted`,
  )
})
