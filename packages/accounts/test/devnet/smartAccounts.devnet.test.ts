import {
  type Address,
  hashMessage,
  hashTypedData,
  type LocalAccount,
  parseAbi,
  parseEther,
  type TypedDataDefinition,
} from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toLightAccount } from '../../src/accounts/toLightAccount.js'
import { toModularAccountV2 } from '../../src/accounts/toModularAccountV2.js'
import { toMultiOwnerLightAccount } from '../../src/accounts/toMultiOwnerLightAccount.js'
import { toMultiOwnerModularAccount } from '../../src/accounts/toMultiOwnerModularAccount.js'
import {
  createSmartAccountClient,
  type SmartAccountClient,
} from '../../src/client/createSmartAccountClient.js'
import { type SmartAccountTestbed, startSmartAccountTestbed } from './startSmartAccountTestbed.js'

/**
 * Every account type with a Sigil signer (email sign-in on the real server) as its owner, on the devnet
 * through the Sigil RPC gateway with gas sponsored by the server's policy: the counterfactual address, the
 * first operation deploying it, the balance untouched by gas, a batch, and ERC-1271 / EIP-6492 signatures.
 */

type AccountType = {
  name: string
  make(client: SmartAccountTestbed['gatewayClient'], owner: LocalAccount): Promise<SmartAccount>
}

const accountTypes: AccountType[] = [
  {
    name: 'LightAccount v1.1.0',
    make: (client, owner) => toLightAccount({ client, owner, version: 'v1.1.0' }),
  },
  { name: 'LightAccount v2.0.0', make: (client, owner) => toLightAccount({ client, owner }) },
  { name: 'MultiOwnerLightAccount', make: (client, owner) => toMultiOwnerLightAccount({ client, owner }) },
  {
    name: 'MultiOwnerModularAccount',
    make: (client, owner) => toMultiOwnerModularAccount({ client, owner }),
  },
  { name: 'ModularAccountV2', make: (client, owner) => toModularAccountV2({ client, owner }) },
]

const mail: TypedDataDefinition = {
  domain: { name: 'Sigil test', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello from a smart account' },
}

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await startSmartAccountTestbed()
}, 120_000)
afterAll(async () => {
  await testbed?.stop()
})

const erc1271Abi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
const isValidSignature = (address: Address, hash: `0x${string}`, signature: `0x${string}`) =>
  testbed.nodeClient.readContract({
    address,
    abi: erc1271Abi,
    functionName: 'isValidSignature',
    args: [hash, signature],
  })

describe.each(accountTypes)('$name owned by a Sigil signer', ({ name, make }) => {
  let client: SmartAccountClient
  let address: Address

  beforeAll(async () => {
    const owner = await testbed.signIn(`${name.replace(/\W+/g, '-').toLowerCase()}@example.com`)
    const account = await make(testbed.gatewayClient, owner)
    client = createSmartAccountClient({
      account,
      chain: testbed.chain,
      transport: testbed.transport,
      policyId: testbed.policyId,
      pollingInterval: 20,
    })
    address = account.address
  }, 60_000)

  test('default: signMessage and signTypedData before deployment verify through EIP-6492', async () => {
    expect(await testbed.nodeClient.getCode({ address })).toBeUndefined()
    const message = `6492 before deployment: ${name}`
    const signature = await client.signMessage({ message })
    expect(signature.endsWith('6492'.repeat(16))).toBe(true)
    expect(await testbed.nodeClient.verifyMessage({ address, message, signature })).toBe(true)
    expect(await testbed.nodeClient.verifyMessage({ address, message: 'another message', signature })).toBe(
      false,
    )
    const typed = await client.signTypedData(mail)
    expect(await testbed.nodeClient.verifyTypedData({ address, ...mail, signature: typed })).toBe(true)
  })

  test('default: the first sponsored user operation deploys the account at its counterfactual address; gas costs it nothing', async () => {
    await testbed.nodeClient.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
    const before = await testbed.nodeClient.getBalance({ address })
    const hash = await client.sendUserOperation({
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n }],
    })
    const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender.toLowerCase()).toBe(address.toLowerCase())
    expect(receipt.paymaster).toBeDefined()
    expect(await testbed.nodeClient.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}/)
    expect(await testbed.nodeClient.getBalance({ address })).toBe(before)
  })

  test('behavior: a sponsored batch pays both targets; the account loses only what it sent', async () => {
    const targets = [
      '0x1111111111111111111111111111111111111111',
      '0x2222222222222222222222222222222222222222',
    ] as const
    const [a, b, own] = await Promise.all(
      [...targets, address].map((who) => testbed.nodeClient.getBalance({ address: who })),
    )
    const hash = await client.sendUserOperation({
      calls: [
        { to: targets[0], value: parseEther('0.001') },
        { to: targets[1], value: parseEther('0.002') },
      ],
    })
    expect((await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success).toBe(true)
    expect(await testbed.nodeClient.getBalance({ address: targets[0] })).toBe(a! + parseEther('0.001'))
    expect(await testbed.nodeClient.getBalance({ address: targets[1] })).toBe(b! + parseEther('0.002'))
    expect(await testbed.nodeClient.getBalance({ address })).toBe(own! - parseEther('0.003'))
  })

  test('behavior: after deployment signMessage and signTypedData verify on chain by isValidSignature', async () => {
    const message = `1271 after deployment: ${name}`
    const signature = await client.signMessage({ message })
    expect(signature.endsWith('6492'.repeat(16))).toBe(false)
    expect(await isValidSignature(address, hashMessage(message), signature)).toBe('0x1626ba7e')
    const typed = await client.signTypedData(mail)
    expect(await isValidSignature(address, hashTypedData(mail), typed)).toBe('0x1626ba7e')
    const wrong = await isValidSignature(address, hashMessage('not what was signed'), signature).catch(
      () => 'reverted',
    )
    expect(wrong).not.toBe('0x1626ba7e')
  })
})
