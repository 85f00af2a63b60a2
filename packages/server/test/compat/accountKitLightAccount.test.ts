import { createLightAccountClient, createMultiOwnerLightAccountClient } from '@account-kit/smart-contracts'
import { type Address, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type AccountKitClient,
  type AccountKitTestbed,
  type LocalSigner,
  newOwner,
  sendOperations,
  startAccountKitTestbed,
  verifyAccountSignatures,
} from './accountKitTestbed.js'

/**
 * Issue 17: Account Kit's LightAccount (v1.1.0, v2.0.0) and MultiOwnerLightAccount clients
 * (`@account-kit/smart-contracts` 4.x, `alchemy({ rpcUrl })` at Sigil's gateway, a sponsorship policy) against the
 * devnet's stand-ins: deploy and two more operations, ERC-1271 signatures, owner changes.
 */

let testbed: AccountKitTestbed
beforeAll(async () => {
  testbed = await startAccountKitTestbed()
}, 120_000)
afterAll(() => testbed?.stop())

const connection = () => testbed.connection
const asClient = (client: unknown) => client as AccountKitClient

const lightAccountV1Factory = '0x00004EC70002a32400f8ae005A26081065620D20'
const getAddressAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])

/**
 * A LightAccount client for `signer`. For v1.1.0 the account's address comes from the factory: Account Kit 4.x
 * computes a v1.1.0 address off chain from the audited factory's OpenZeppelin proxy creation code, which the
 * devnet's stand-in factory does not deploy, so an app on the devnet passes `accountAddress` (v2.0.0 needs nothing).
 */
async function lightAccountClient(
  version: 'v1.1.0' | 'v2.0.0',
  signer: LocalSigner,
  accountAddress?: Address,
) {
  const address =
    accountAddress ??
    (version === 'v1.1.0'
      ? await testbed.publicClient.readContract({
          address: lightAccountV1Factory,
          abi: getAddressAbi,
          functionName: 'getAddress',
          args: [signer.inner.address, 0n],
        })
      : undefined)
  return createLightAccountClient({
    ...connection(),
    signer,
    version,
    ...(address ? { accountAddress: address } : {}),
  })
}

describe.each(['v1.1.0', 'v2.0.0'] as const)('@account-kit/smart-contracts LightAccount %s', (version) => {
  test(`behavior: @account-kit/smart-contracts LightAccount ${version} sends three sponsored operations and signs by ERC-1271`, async () => {
    const client = await lightAccountClient(version, newOwner().signer)
    expect(await testbed.publicClient.getCode({ address: client.account.address })).toBeUndefined()
    expect(await sendOperations(testbed, asClient(client), 3)).toEqual(['success', 'success', 'success'])
    expect(await testbed.publicClient.getBalance({ address: client.account.address })).toBe(0n)
    expect(await verifyAccountSignatures(testbed, asClient(client))).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)

  test(`behavior: @account-kit/smart-contracts LightAccount ${version} transferOwnership, then the new owner signs`, async () => {
    const next = newOwner()
    const client = await lightAccountClient(version, newOwner().signer)
    await sendOperations(testbed, asClient(client), 1)
    await client.transferOwnership({ newOwner: next.signer, waitForTxn: true } as Parameters<
      typeof client.transferOwnership
    >[0])
    expect(await client.account.getOwnerAddress()).toBe(next.address)
    const nextClient = await lightAccountClient(version, next.signer, client.account.address)
    expect(await sendOperations(testbed, asClient(nextClient), 1)).toEqual(['success'])
    expect(await verifyAccountSignatures(testbed, asClient(nextClient))).toMatchObject({
      message: true,
      typedData: true,
    })
    // The former owner's signatures no longer count.
    expect(await verifyAccountSignatures(testbed, asClient(client))).toMatchObject({
      message: false,
      typedData: false,
    })
  }, 60_000)
})

describe('@account-kit/smart-contracts MultiOwnerLightAccount', () => {
  test('behavior: @account-kit/smart-contracts MultiOwnerLightAccount sends three sponsored operations and signs by ERC-1271', async () => {
    const client = await createMultiOwnerLightAccountClient({ ...connection(), signer: newOwner().signer })
    expect(await sendOperations(testbed, asClient(client), 3)).toEqual(['success', 'success', 'success'])
    expect(await verifyAccountSignatures(testbed, asClient(client))).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)

  test('behavior: @account-kit/smart-contracts MultiOwnerLightAccount updateOwners, then the added owner signs', async () => {
    const first = newOwner()
    const added = newOwner()
    const client = await createMultiOwnerLightAccountClient({ ...connection(), signer: first.signer })
    await sendOperations(testbed, asClient(client), 1)
    await client.updateOwners({
      ownersToAdd: [added.address],
      ownersToRemove: [first.address],
      waitForTxn: true,
      account: client.account,
    })
    const addedClient = await createMultiOwnerLightAccountClient({
      ...connection(),
      signer: added.signer,
      accountAddress: client.account.address,
    })
    expect(await addedClient.account.getOwnerAddresses()).toEqual([added.address])
    expect(await sendOperations(testbed, asClient(addedClient), 1)).toEqual(['success'])
    expect(await verifyAccountSignatures(testbed, asClient(addedClient))).toMatchObject({
      message: true,
      typedData: true,
    })
    expect(await verifyAccountSignatures(testbed, asClient(client))).toMatchObject({
      message: false,
      typedData: false,
    })
  }, 60_000)
})
