import { encodeFunctionData, type LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { multiOwnerLightAccountAbi } from '../../src/abis/multiOwnerLightAccountAbi.js'
import { multiOwnerPluginAbi } from '../../src/abis/multiOwnerPluginAbi.js'
import { toMultiOwnerLightAccount } from '../../src/accounts/toMultiOwnerLightAccount.js'
import { toMultiOwnerModularAccount } from '../../src/accounts/toMultiOwnerModularAccount.js'
import { createSmartAccountClient } from '../../src/client/createSmartAccountClient.js'
import { defaultAddresses } from '../../src/constants/defaultAddresses.js'
import { type SmartAccountTestbed, startSmartAccountTestbed } from './startSmartAccountTestbed.js'

/**
 * Multi-owner accounts owned by Sigil signers on the devnet: the first owner adds a second Sigil user with a
 * sponsored `updateOwners` operation, the second then operates the account alone, and removes the first.
 */

let testbed: SmartAccountTestbed
let alice: LocalAccount
let bob: LocalAccount
beforeAll(async () => {
  testbed = await startSmartAccountTestbed()
  alice = await testbed.signIn('alice-owner@example.com')
  bob = await testbed.signIn('bob-owner@example.com')
}, 120_000)
afterAll(async () => {
  await testbed?.stop()
})

const clientFor = (account: Parameters<typeof createSmartAccountClient>[0]['account']) =>
  createSmartAccountClient({
    account,
    chain: testbed.chain,
    transport: testbed.transport,
    policyId: testbed.policyId,
    pollingInterval: 20,
  })

async function send(client: ReturnType<typeof clientFor>, callData: `0x${string}`) {
  const hash = await client.sendUserOperation({ callData })
  return (await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success
}

const sameAddresses = (addresses: readonly string[]) =>
  addresses.map((address) => address.toLowerCase()).sort()

describe('MultiOwnerLightAccount', () => {
  test('default: updateOwners adds a second Sigil user, who then operates the account and removes the first', async () => {
    const account = await toMultiOwnerLightAccount({ client: testbed.gatewayClient, owner: alice })
    const add = encodeFunctionData({
      abi: multiOwnerLightAccountAbi,
      functionName: 'updateOwners',
      args: [[bob.address], []],
    })
    expect(await send(clientFor(account), add)).toBe(true)
    const owners = () =>
      testbed.nodeClient.readContract({
        address: account.address,
        abi: multiOwnerLightAccountAbi,
        functionName: 'owners',
      })
    expect(sameAddresses(await owners())).toEqual(sameAddresses([alice.address, bob.address]))

    const asBob = await toMultiOwnerLightAccount({
      client: testbed.gatewayClient,
      owner: bob,
      accountAddress: account.address,
    })
    const remove = encodeFunctionData({
      abi: multiOwnerLightAccountAbi,
      functionName: 'updateOwners',
      args: [[], [alice.address]],
    })
    expect(await send(clientFor(asBob), remove)).toBe(true)
    expect(sameAddresses(await owners())).toEqual(sameAddresses([bob.address]))

    // Alice is no longer an owner: her operation fails validation at the bundler.
    const again = clientFor(account).sendUserOperation({ calls: [{ to: bob.address, value: 0n }] })
    await expect(again).rejects.toThrow(/AA24|signature/i)
  })
})

describe('MultiOwnerModularAccount', () => {
  test('default: updateOwners through the account changes the plugin owners; the new owner operates the account', async () => {
    const account = await toMultiOwnerModularAccount({ client: testbed.gatewayClient, owner: alice })
    const add = encodeFunctionData({
      abi: multiOwnerPluginAbi,
      functionName: 'updateOwners',
      args: [[bob.address], []],
    })
    expect(await send(clientFor(account), add)).toBe(true)
    const owners = await testbed.nodeClient.readContract({
      address: defaultAddresses.multiOwnerModularAccount.multiOwnerPlugin,
      abi: multiOwnerPluginAbi,
      functionName: 'ownersOf',
      args: [account.address],
    })
    expect(sameAddresses(owners)).toEqual(sameAddresses([alice.address, bob.address]))

    const asBob = await toMultiOwnerModularAccount({
      client: testbed.gatewayClient,
      owner: bob,
      accountAddress: account.address,
    })
    const hash = await clientFor(asBob).sendUserOperation({ calls: [{ to: alice.address, value: 0n }] })
    expect((await clientFor(asBob).waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success).toBe(
      true,
    )
  })
})
