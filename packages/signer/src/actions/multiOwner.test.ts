import { hashMessage, recoverAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createMemoryStorage } from '../session/createMemoryStorage.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

/**
 * Multi-owner organizations through the SDK against the real server (in process), under Account
 * Kit's names: two signed-in users own one organization; each signs with its wallet; an external
 * address is added and removed again.
 */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default', async () => {
  const first = testbed.createSigner()
  const firstUser = await testbed.signIn(first, 'first-owner@example.com')
  const second = testbed.createSigner({ sessionConfig: { storage: createMemoryStorage() } })
  const secondUser = await testbed.signIn(second, 'second-owner@example.com')

  const created = await first.experimental_createMultiOwner([secondUser.address])
  expect(created.members.map((member) => member.evmSignerAddress)).toEqual([
    firstUser.address,
    secondUser.address,
  ])

  const hash = hashMessage('owned by two')
  for (const owner of [first, second]) {
    const signature = await owner.experimental_multiOwnerSignRawMessage(
      hash,
      created.orgId,
      created.evmSignerAddress,
    )
    expect(await recoverAddress({ hash, signature })).toBe(created.evmSignerAddress)
  }

  const outsider = privateKeyToAccount(generatePrivateKey()).address
  await first.experimental_addToMultiOwner(created.orgId, [outsider])
  const owners = async () =>
    (
      await testbed.server.store.db
        .selectFrom('multi_owner_members')
        .select('evm_signer_address')
        .where('organization_id', '=', created.orgId)
        .execute()
    ).map((row) => row.evm_signer_address)
  expect(await owners()).toContain(outsider.toLowerCase())
  await second.experimental_deleteFromMultiOwner(created.orgId, [outsider])
  expect(await owners()).not.toContain(outsider.toLowerCase())
})

test('error: a signer that is not an owner gets no signature', async () => {
  const first = testbed.createSigner()
  await testbed.signIn(first, 'sole-owner@example.com')
  const created = await first.experimental_createMultiOwner([])
  const stranger = testbed.createSigner({ sessionConfig: { storage: createMemoryStorage() } })
  await testbed.signIn(stranger, 'stranger@example.com')
  const refused = await stranger
    .experimental_multiOwnerSignRawMessage(hashMessage('x'), created.orgId, created.evmSignerAddress)
    .catch((error: Error & { code?: string }) => error)
  expect(refused).toMatchObject({ code: 'NOT_AN_OWNER' })
})
