import { defaultAddresses } from '@sigil/accounts'
import { createPublicClient, http, type PublicClient, parseAbi, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getSmartAccountClient } from '../actions/getSmartAccountClient.js'
import { sendUserOperation } from '../actions/sendUserOperation.js'
import type { SmartAccountType } from '../store/CoreState.js'
import { createSmartAccountTestbed, type SmartAccountTestbed } from '../test/createSmartAccountTestbed.js'
import type { SmartAccountParameters } from './SmartAccountParameters.js'

/**
 * Every account type with the Sigil signer (the signed-in user's key on the real server) as owner, on the
 * devnet, sponsored through the server's RPC gateway: the counterfactual address is where the first
 * operation (a batch) deploys, the account's balance stays 0, and its signatures verify on chain
 * (EIP-6492 before deployment, ERC-1271 `isValidSignature` after).
 */

let testbed: SmartAccountTestbed
let node: PublicClient
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
  node = createPublicClient({ transport: http(testbed.devnet.rpcUrl) }) as PublicClient
}, 60_000)
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: { Person: [{ name: 'name', type: 'string' }] },
  primaryType: 'Person',
  message: { name: 'Bob' },
} as const

type Case = { name: string; type: SmartAccountType; accountParams?: SmartAccountParameters[SmartAccountType] }
const cases: Case[] = [
  { name: 'LightAccount v1.1.0', type: 'LightAccount', accountParams: { version: 'v1.1.0' } },
  { name: 'LightAccount v2.0.0', type: 'LightAccount' },
  { name: 'MultiOwnerLightAccount', type: 'MultiOwnerLightAccount' },
  { name: 'MultiOwnerModularAccount', type: 'MultiOwnerModularAccount' },
  { name: 'ModularAccountV2', type: 'ModularAccountV2' },
]

let users = 0
/** A config with a new user signed in, and that user's client of `type`. */
async function signedInClient(type: SmartAccountType, accountParams?: Case['accountParams']) {
  const config = testbed.createConfig()
  const user = await testbed.signIn(config, `owner${++users}@example.com`)
  const client = await getSmartAccountClient(config, { type, accountParams, pollingInterval } as never)
  return { user, client }
}

describe.each(cases)('$name owned by the Sigil signer', ({ type, accountParams }) => {
  test('default: EIP-6492 before deployment; a sponsored batch deploys at the counterfactual address, balance 0; ERC-1271 after', async () => {
    const { client } = await signedInClient(type, accountParams)
    const { address } = client.account
    expect(await node.getCode({ address })).toBeUndefined()
    const early = await client.signMessage({ message: 'before deployment' })
    expect(await node.verifyMessage({ address, message: 'before deployment', signature: early })).toBe(true)
    const earlyTyped = await client.signTypedData(mail)
    expect(await node.verifyTypedData({ address, ...mail, signature: earlyTyped })).toBe(true)

    const { hash } = await sendUserOperation(client, {
      uo: [
        { target: '0x000000000000000000000000000000000000dEaD', value: 0n },
        { target: zeroAddress, data: '0x' },
      ],
      waitForTxn: true,
    })
    expect((await node.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await node.getCode({ address })).toMatch(/^0x.+/)
    expect(await node.getBalance({ address })).toBe(0n)

    const signature = await client.signMessage({ message: 'after deployment' })
    expect(await node.verifyMessage({ address, message: 'after deployment', signature })).toBe(true)
    const typed = await client.signTypedData(mail)
    expect(await node.verifyTypedData({ address, ...mail, signature: typed })).toBe(true)
  })
})

test('behavior: ModularAccountV2 in 7702 mode: the Sigil signer signs the authorization, the EOA is delegated, sponsored', async () => {
  const { user, client } = await signedInClient('ModularAccountV2', { mode: '7702' })
  expect(client.account.address).toBe(user.address)
  await sendUserOperation(client, { uo: { target: zeroAddress, data: '0x' }, waitForTxn: true })
  expect(await node.getCode({ address: user.address })).toBe(
    `0xef0100${defaultAddresses.modularAccountV2.semiModularAccount7702.slice(2)}`.toLowerCase(),
  )
  expect(await node.getBalance({ address: user.address })).toBe(0n)
})

describe.each([{ type: 'MultiOwnerLightAccount' as const }, { type: 'MultiOwnerModularAccount' as const }])(
  '$type owner updates',
  ({ type }) => {
    test('behavior: the Sigil signer adds an owner through a sponsored updateOwners', async () => {
      const { user, client } = await signedInClient(type)
      const account = client.account as unknown as {
        address: `0x${string}`
        encodeUpdateOwners: (add: readonly `0x${string}`[], remove: readonly `0x${string}`[]) => `0x${string}`
      }
      const second = '0x00000000000000000000000000000000000b0b0b'
      await sendUserOperation(client, { uo: { target: zeroAddress, data: '0x' }, waitForTxn: true })
      await sendUserOperation(client, {
        uo: { target: account.address, data: account.encodeUpdateOwners([second], []) },
        waitForTxn: true,
      })
      const abi = parseAbi([
        'function owners() view returns (address[])',
        'function ownersOf(address) view returns (address[])',
      ])
      const owners =
        type === 'MultiOwnerLightAccount'
          ? await node.readContract({ address: account.address, abi, functionName: 'owners' })
          : await node.readContract({
              address: defaultAddresses.multiOwnerModularAccount.multiOwnerPlugin,
              abi,
              functionName: 'ownersOf',
              args: [account.address],
            })
      expect(new Set(owners.map((owner) => owner.toLowerCase()))).toEqual(
        new Set([user.address.toLowerCase(), second]),
      )
    })
  },
)
