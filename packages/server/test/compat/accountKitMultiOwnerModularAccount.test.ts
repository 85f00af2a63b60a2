import { createMultiOwnerModularAccountClient, MultiOwnerPlugin } from '@account-kit/smart-contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type AccountKitClient,
  type AccountKitTestbed,
  newOwner,
  sendOperations,
  startAccountKitTestbed,
  verifyAccountSignatures,
} from './accountKitTestbed.js'

/**
 * Issue 17: Account Kit's MultiOwnerModularAccount client (`@account-kit/smart-contracts` 4.x,
 * `alchemy({ rpcUrl })` at Sigil's gateway, a sponsorship policy) against the devnet's stand-in.
 *
 * Account Kit finds the MultiOwnerPlugin by chain id in `MultiOwnerPlugin.meta.addresses`, which lists Alchemy's
 * chains only; an app on any other chain (the devnet's 31337 here) registers the plugin's canonical address there
 * itself, or `signMessage` and `ownersOf` call no contract at all.
 */

const multiOwnerPlugin = '0xcE0000007B008F50d762D155002600004cD6c647'

let testbed: AccountKitTestbed
beforeAll(async () => {
  testbed = await startAccountKitTestbed()
  MultiOwnerPlugin.meta.addresses[testbed.chain.id] = multiOwnerPlugin
}, 120_000)
afterAll(() => testbed?.stop())

const connection = () => testbed.connection
const asClient = (client: unknown) => client as AccountKitClient

describe('@account-kit/smart-contracts MultiOwnerModularAccount', () => {
  test('behavior: @account-kit/smart-contracts MultiOwnerModularAccount sends three sponsored operations and signs by ERC-1271', async () => {
    const owner = newOwner()
    const client = await createMultiOwnerModularAccountClient({ ...connection(), signer: owner.signer })
    expect(await sendOperations(testbed, asClient(client), 3)).toEqual(['success', 'success', 'success'])
    expect(await testbed.publicClient.getBalance({ address: client.account.address })).toBe(0n)
    expect(await client.readOwners()).toEqual([owner.address])
    expect(await client.getInstalledPlugins({})).toEqual([multiOwnerPlugin])
    expect(await verifyAccountSignatures(testbed, asClient(client))).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)

  test('behavior: @account-kit/smart-contracts MultiOwnerModularAccount updateOwners, then the added owner signs', async () => {
    const first = newOwner()
    const added = newOwner()
    const client = await createMultiOwnerModularAccountClient({ ...connection(), signer: first.signer })
    await sendOperations(testbed, asClient(client), 1)
    const { hash } = await client.updateOwners({ args: [[added.address], [first.address]] })
    await client.waitForUserOperationTransaction({ hash })
    expect(await client.readOwners()).toEqual([added.address])
    expect(await client.isOwnerOf({ address: first.address })).toBe(false)
    const addedClient = await createMultiOwnerModularAccountClient({
      ...connection(),
      signer: added.signer,
      accountAddress: client.account.address,
    })
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
