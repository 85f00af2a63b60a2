import { concat, hashMessage, type LocalAccount, parseAbi } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { toModularAccountV2 } from '../../src/accounts/toModularAccountV2.js'
import { createSmartAccountClient } from '../../src/client/createSmartAccountClient.js'
import { defaultAddresses } from '../../src/constants/defaultAddresses.js'
import { type SmartAccountTestbed, startSmartAccountTestbed } from './startSmartAccountTestbed.js'

/**
 * ModularAccountV2 in 7702 mode with a Sigil signer: the user's own EOA becomes the smart account. The EIP-7702
 * authorization is signed by the Sigil signer (through the server), carried by the first sponsored user
 * operation, and the EOA then holds the delegation and validates its own signatures.
 */

let testbed: SmartAccountTestbed
let owner: LocalAccount
beforeAll(async () => {
  testbed = await startSmartAccountTestbed()
  owner = await testbed.signIn('seven-seven-oh-two@example.com')
}, 120_000)
afterAll(async () => {
  await testbed?.stop()
})

test('default: the first sponsored operation delegates the EOA (authorization signed by the Sigil signer); the EOA pays no gas', async () => {
  const account = await toModularAccountV2({ client: testbed.gatewayClient, owner, mode: '7702' })
  expect(account.address).toBe(owner.address)
  expect(await testbed.nodeClient.getCode({ address: owner.address })).toBeUndefined()
  await testbed.nodeClient.request({
    method: 'anvil_setBalance' as never,
    params: [owner.address, '0xde0b6b3a7640000'] as never,
  })
  const client = createSmartAccountClient({
    account,
    chain: testbed.chain,
    transport: testbed.transport,
    policyId: testbed.policyId,
    pollingInterval: 20,
  })
  const hash = await client.sendUserOperation({
    calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 1n }],
  })
  const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
  expect(receipt.success).toBe(true)
  expect(await testbed.nodeClient.getCode({ address: owner.address })).toBe(
    concat(['0xef0100', defaultAddresses.modularAccountV2.semiModularAccount7702]).toLowerCase(),
  )
  expect(await testbed.nodeClient.getBalance({ address: owner.address })).toBe(10n ** 18n - 1n)

  // A second operation needs no new authorization.
  const second = await client.sendUserOperation({
    calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 1n }],
  })
  expect((await client.waitForUserOperationReceipt({ hash: second, pollingInterval: 20 })).success).toBe(true)

  const message = 'signed by a delegated EOA'
  const signature = await client.signMessage({ message })
  const magic = await testbed.nodeClient.readContract({
    address: owner.address,
    abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
    functionName: 'isValidSignature',
    args: [hashMessage(message), signature],
  })
  expect(magic).toBe('0x1626ba7e')
})
