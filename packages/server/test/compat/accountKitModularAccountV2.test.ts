import { createModularAccountV2Client } from '@account-kit/smart-contracts'
import {
  getDefaultSingleSignerValidationModuleAddress,
  installValidationActions,
  SingleSignerValidationModule,
} from '@account-kit/smart-contracts/experimental'
import { concat, encodeFunctionData, parseAbi, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import { sigilAccountFactories } from '../../src/sponsor/sigilAccountFactories.js'
import {
  type AccountKitClient,
  type AccountKitTestbed,
  newOwner,
  sendOperations,
  startAccountKitTestbed,
  verifyAccountSignatures,
} from './accountKitTestbed.js'

/**
 * Issue 17: Account Kit's ModularAccountV2 client (`@account-kit/smart-contracts` 4.x, `alchemy({ rpcUrl })`
 * at Sigil's gateway, a sponsorship policy) against the devnet's stand-in: it reads `getValidationData` before
 * every operation and predicts the account's address off chain.
 */

let testbed: AccountKitTestbed
beforeAll(async () => {
  testbed = await startAccountKitTestbed()
}, 120_000)
afterAll(() => testbed?.stop())

const getValidationDataAbi = parseAbi([
  'struct ValidationDataView { uint8 validationFlags; bytes25[] validationHooks; bytes25[] executionHooks; bytes4[] selectors; }',
  'function getValidationData(bytes24 validationFunction) view returns (ValidationDataView)',
])
const updateFallbackSignerAbi = parseAbi([
  'function updateFallbackSignerData(address fallbackSigner, bool isDisabled)',
])

describe('@account-kit/smart-contracts ModularAccountV2', () => {
  test('behavior: @account-kit/smart-contracts ModularAccountV2 sends three sponsored operations', async () => {
    const owner = newOwner()
    const client = await createModularAccountV2Client({
      ...testbed.connection,
      signer: owner.signer,
    })
    expect(await testbed.publicClient.getCode({ address: client.account.address })).toBeUndefined()
    expect(await sendOperations(testbed, client as unknown as AccountKitClient, 3)).toEqual([
      'success',
      'success',
      'success',
    ])
    expect(await testbed.publicClient.getBalance({ address: client.account.address })).toBe(0n)
    expect(await client.account.getValidationData({ entityId: 0 })).toEqual({
      validationFlags: 0,
      validationHooks: [],
      executionHooks: [],
      selectors: [],
    })
  }, 60_000)

  test('behavior: @account-kit/smart-contracts ModularAccountV2 signMessage and signTypedData verify by ERC-1271', async () => {
    const client = await createModularAccountV2Client({
      ...testbed.connection,
      signer: newOwner().signer,
    })
    await sendOperations(testbed, client as unknown as AccountKitClient, 1)
    expect(await verifyAccountSignatures(testbed, client as unknown as AccountKitClient)).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)

  test('behavior: @account-kit/smart-contracts ModularAccountV2 changes its owner and the new owner signs the next operation', async () => {
    const owner = newOwner()
    const next = newOwner()
    const client = await createModularAccountV2Client({
      ...testbed.connection,
      signer: owner.signer,
    })
    await sendOperations(testbed, client as unknown as AccountKitClient, 1)
    const { hash } = await client.sendUserOperation({
      uo: {
        target: client.account.address,
        data: encodeFunctionData({
          abi: updateFallbackSignerAbi,
          functionName: 'updateFallbackSignerData',
          args: [next.address, false],
        }),
      },
    })
    await client.waitForUserOperationTransaction({ hash })
    const nextClient = await createModularAccountV2Client({
      ...testbed.connection,
      signer: next.signer,
      accountAddress: client.account.address,
    })
    expect(await sendOperations(testbed, nextClient as unknown as AccountKitClient, 1)).toEqual(['success'])
    expect(await verifyAccountSignatures(testbed, nextClient as unknown as AccountKitClient)).toMatchObject({
      message: true,
      typedData: true,
    })
    // The former owner no longer signs for the account: the gateway's estimate fails on its signature.
    await expect(sendOperations(testbed, client as unknown as AccountKitClient, 1)).rejects.toThrow()
  }, 60_000)

  test('behavior: @account-kit/smart-contracts ModularAccountV2 installValidation adds a session key that signs at its entity id', async () => {
    const sessionKey = newOwner()
    const client = await createModularAccountV2Client({ ...testbed.connection, signer: newOwner().signer })
    await sendOperations(testbed, client as unknown as AccountKitClient, 1)
    const { hash } = await installValidationActions(client).installValidation({
      validationConfig: {
        moduleAddress: getDefaultSingleSignerValidationModuleAddress(testbed.chain),
        entityId: 1,
        isGlobal: true,
        isSignatureValidation: true,
        isUserOpValidation: true,
      },
      selectors: [],
      installData: SingleSignerValidationModule.encodeOnInstallData({
        entityId: 1,
        signer: sessionKey.address,
      }),
      hooks: [],
    })
    await client.waitForUserOperationTransaction({ hash })
    const sessionClient = await createModularAccountV2Client({
      ...testbed.connection,
      signer: sessionKey.signer,
      accountAddress: client.account.address,
      signerEntity: { entityId: 1, isGlobalValidation: true },
    })
    const validationData = await testbed.publicClient.readContract({
      address: client.account.address,
      abi: getValidationDataAbi,
      functionName: 'getValidationData',
      args: [concat([getDefaultSingleSignerValidationModuleAddress(testbed.chain), toHex(1, { size: 4 })])],
    })
    expect(validationData).toEqual({
      validationFlags: 7,
      validationHooks: [],
      executionHooks: [],
      selectors: [],
    })
    expect(await sendOperations(testbed, sessionClient as unknown as AccountKitClient, 1)).toEqual([
      'success',
    ])
    expect(await verifyAccountSignatures(testbed, sessionClient as unknown as AccountKitClient)).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)

  test('behavior: @account-kit/smart-contracts ModularAccountV2 under a policy restricted to Sigil factories', async () => {
    const policy = await createSponsorPolicy(testbed.server.store.db, {
      appId: testbed.server.signerApp.appId,
      chainIds: [testbed.chain.id],
      senderFactories: [...sigilAccountFactories],
      now: Date.now(),
    })
    const client = await createModularAccountV2Client({
      ...testbed.connection,
      policyId: policy.id,
      signer: newOwner().signer,
    })
    // The second operation's sender is deployed: its code (the proxy carrying the owner) must count as Sigil's.
    expect(await sendOperations(testbed, client as unknown as AccountKitClient, 2)).toEqual([
      'success',
      'success',
    ])
  }, 60_000)

  test('behavior: @account-kit/smart-contracts ModularAccountV2 in 7702 mode sends three sponsored operations', async () => {
    const owner = newOwner()
    const client = await createModularAccountV2Client({
      mode: '7702',
      ...testbed.connection,
      signer: owner.signer,
    })
    expect(client.account.address).toBe(owner.address)
    expect(await sendOperations(testbed, client as unknown as AccountKitClient, 3)).toEqual([
      'success',
      'success',
      'success',
    ])
    expect((await testbed.publicClient.getCode({ address: owner.address }))?.toLowerCase()).toBe(
      '0xef010069007702764179f14f51cdce752f4f775d74e139',
    )
    expect(await verifyAccountSignatures(testbed, client as unknown as AccountKitClient)).toEqual({
      message: true,
      typedData: true,
      otherMessage: false,
    })
  }, 60_000)
})
