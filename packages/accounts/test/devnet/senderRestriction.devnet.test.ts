import { createDevnetClient, type DevnetClient } from '@sigil/devnet'
import { type Address, concat, type Hex, type LocalAccount, parseAbi } from 'viem'
import {
  createBundlerClient,
  entryPoint06Address,
  entryPoint07Address,
  type SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  deploySimpleAccountFactories,
  toSimpleTestAccount,
} from '../../../server/src/rpc/test/toSimpleTestAccount.js'
import { sigilAccountFactories } from '../../../server/src/sponsor/sigilAccountFactories.js'
import { toLightAccount } from '../../src/accounts/toLightAccount.js'
import { toModularAccountV2 } from '../../src/accounts/toModularAccountV2.js'
import { toMultiOwnerLightAccount } from '../../src/accounts/toMultiOwnerLightAccount.js'
import { toMultiOwnerModularAccount } from '../../src/accounts/toMultiOwnerModularAccount.js'
import { createSmartAccountClient } from '../../src/client/createSmartAccountClient.js'
import { defaultAddresses } from '../../src/constants/defaultAddresses.js'
import { type SmartAccountTestbed, startSmartAccountTestbed } from './startSmartAccountTestbed.js'

/**
 * Senders that are what they claim (docs/sponsorship.md), on the devnet through the gateway's real
 * listener: a policy restricted to Sigil's account factories sponsors LightAccount and ModularAccountV2
 * (factory-made or an EOA delegated to the Sigil 7702 implementation) and refuses a custom account
 * (eth-infinitism SimpleAccount from its own factory: its `execute` could do anything) whether it is
 * new or deployed, and an EOA delegated elsewhere. Each refusal leaves the paymaster's EntryPoint
 * deposit as it was. Before the check, every refused operation here was signed and landed.
 */

const target = '0x000000000000000000000000000000000000dEaD'
const depositAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])
const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function accountImplementation() view returns (address)',
])

let testbed: SmartAccountTestbed
let devnetClient: DevnetClient
let simpleFactory: Address
let restricted: string

beforeAll(async () => {
  testbed = await startSmartAccountTestbed()
  devnetClient = createDevnetClient(testbed.devnet.rpcUrl)
  simpleFactory = (await deploySimpleAccountFactories(devnetClient))['0.7']
  restricted = (
    await testbed.createPolicy({ chainIds: [31337], senderFactories: [...sigilAccountFactories] })
  ).id
}, 180_000)
afterAll(async () => {
  await testbed?.stop()
})

const newOwner = () => privateKeyToAccount(generatePrivateKey())

/** The paymaster's deposit at the EntryPoint (v0.7 unless said): what refused operations must leave untouched. */
const deposit = (version: '0.6' | '0.7' = '0.7') =>
  testbed.nodeClient.readContract({
    address: version === '0.6' ? entryPoint06Address : entryPoint07Address,
    abi: depositAbi,
    functionName: 'balanceOf',
    args: [testbed.devnet.paymasters[version]],
  })

/** An account sending through the gateway (ERC-7677 `pm_*` sponsorship) under `policyId`. */
const sponsoredBy = (account: SmartAccount, policyId: string) =>
  createSmartAccountClient({
    account,
    chain: testbed.chain,
    transport: testbed.transport,
    policyId,
    paymasterMode: 'erc7677',
    pollingInterval: 20,
  })

/** A custom account (SimpleAccount v0.7 from a factory the test deployed) sending through the gateway. */
const simpleSponsoredBy = (account: SmartAccount, policyId: string) =>
  createBundlerClient({
    account,
    client: testbed.gatewayClient,
    transport: testbed.transport,
    paymaster: true,
    paymasterContext: { policyId },
    pollingInterval: 20,
  })

const newSimpleAccount = (owner: LocalAccount = newOwner()) =>
  toSimpleTestAccount({ client: testbed.nodeClient as never, owner, version: '0.7', factory: simpleFactory })

async function sendAndWait(client: {
  sendUserOperation(parameters: { calls: { to: Address; value: bigint }[] }): Promise<Hex>
  waitForUserOperationReceipt(parameters: {
    hash: Hex
    pollingInterval?: number
  }): Promise<{ success: boolean }>
}) {
  const hash = await client.sendUserOperation({ calls: [{ to: target, value: 0n }] })
  return (await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })).success
}

/** The refusal `send` ends with, and the deposit before and after it. */
async function refusedWithDeposit(send: () => Promise<unknown>) {
  const before = await deposit()
  const error = await send().then(
    () => undefined,
    (thrown: Error) => thrown,
  )
  return { message: error?.message ?? 'sponsored', before, after: await deposit() }
}

const refusal = (policyId: string, sender: Address, why: string) =>
  `Policy ${policyId} sponsors accounts made by its listed factories only; ${sender} is not one (${why})`

describe('a policy restricted to Sigil account factories', () => {
  test('default: every Sigil account type from its canonical factory is sponsored, new and deployed', async () => {
    const accounts: [() => Promise<SmartAccount>, '0.6' | '0.7'][] = [
      () => toLightAccount({ client: testbed.gatewayClient, owner: newOwner(), version: 'v1.1.0' }),
      () => toLightAccount({ client: testbed.gatewayClient, owner: newOwner() }),
      () => toMultiOwnerLightAccount({ client: testbed.gatewayClient, owner: newOwner() }),
      () => toMultiOwnerModularAccount({ client: testbed.gatewayClient, owner: newOwner() }),
      () => toModularAccountV2({ client: testbed.gatewayClient, owner: newOwner() }),
    ].map((make, index) => [make, index === 0 || index === 3 ? '0.6' : '0.7'])
    for (const [make, version] of accounts) {
      const account = await make()
      const client = sponsoredBy(account, restricted)
      const before = await deposit(version)
      expect(await sendAndWait(client)).toBe(true)
      expect(await testbed.nodeClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)
      expect(await sendAndWait(client)).toBe(true)
      // The legitimate operations are paid for by the paymaster.
      expect(await deposit(version)).toBeLessThan(before)
    }
  }, 120_000)

  test('default: an EOA delegated to the Sigil 7702 implementation is sponsored, with its authorization and after', async () => {
    const owner = newOwner()
    const client = sponsoredBy(
      await toModularAccountV2({ client: testbed.gatewayClient, owner, mode: '7702' }),
      restricted,
    )
    expect(await sendAndWait(client)).toBe(true)
    expect(await testbed.nodeClient.getCode({ address: owner.address })).toBe(
      concat(['0xef0100', defaultAddresses.modularAccountV2.semiModularAccount7702]).toLowerCase(),
    )
    expect(await sendAndWait(client)).toBe(true)
  }, 60_000)

  test('error: a custom account deploying through its own factory is refused; the deposit is unchanged', async () => {
    const account = await newSimpleAccount()
    const { message, before, after } = await refusedWithDeposit(() =>
      sendAndWait(simpleSponsoredBy(account, restricted)),
    )
    expect(message).toContain(
      refusal(
        restricted,
        account.address,
        `the operation deploys it with factory ${simpleFactory.toLowerCase()}`,
      ),
    )
    expect(after).toBe(before)
    expect(await testbed.nodeClient.getCode({ address: account.address })).toBeUndefined()
  }, 60_000)

  test('error: a deployed custom account is refused; the deposit is unchanged', async () => {
    const account = await newSimpleAccount()
    // Deployed under the test app's unrestricted policy.
    expect(await sendAndWait(simpleSponsoredBy(account, testbed.policyId))).toBe(true)
    const { message, before, after } = await refusedWithDeposit(() =>
      sendAndWait(simpleSponsoredBy(account, restricted)),
    )
    expect(message).toMatch(
      new RegExp(
        `Policy ${restricted} sponsors accounts made by its listed factories only; ${account.address} is not one \\(its code is unknown \\(hash 0x[0-9a-f]{64}\\)\\)`,
      ),
    )
    expect(after).toBe(before)
  }, 60_000)

  test('error: an EOA delegated to another contract is refused, by its authorization or its current code; the deposit is unchanged', async () => {
    const other = (await testbed.nodeClient.readContract({
      address: simpleFactory,
      abi: factoryAbi,
      functionName: 'accountImplementation',
    })) as Address
    // Its first operation would delegate it elsewhere.
    const owner = newOwner()
    const elsewhere = await toModularAccountV2({
      client: testbed.gatewayClient,
      owner,
      mode: '7702',
      implementationAddress: other,
    })
    const byAuthorization = await refusedWithDeposit(() => sendAndWait(sponsoredBy(elsewhere, restricted)))
    expect(byAuthorization.message).toContain(
      refusal(
        restricted,
        owner.address,
        `its EIP-7702 authorization delegates to ${other.toLowerCase()} and its code is empty`,
      ),
    )
    expect(byAuthorization.after).toBe(byAuthorization.before)
    expect(await testbed.nodeClient.getCode({ address: owner.address })).toBeUndefined()

    // Delegated elsewhere already: an authorization to the Sigil implementation might never apply.
    const delegated = newOwner()
    await testbed.nodeClient.request({
      method: 'anvil_setCode' as never,
      params: [delegated.address, concat(['0xef0100', other])] as never,
    })
    const redelegating = await toModularAccountV2({
      client: testbed.gatewayClient,
      owner: delegated,
      mode: '7702',
    })
    const byCode = await refusedWithDeposit(() => sendAndWait(sponsoredBy(redelegating, restricted)))
    expect(byCode.message).toContain(
      refusal(
        restricted,
        delegated.address,
        `its EIP-7702 authorization delegates to ${defaultAddresses.modularAccountV2.semiModularAccount7702.toLowerCase()} and its code is an EIP-7702 delegation to ${other}`,
      ),
    )
    expect(byCode.after).toBe(byCode.before)
  }, 60_000)
})

describe("a policy listing an operator's own factory", () => {
  test("behavior: an account its factory deployed through the EntryPoint is sponsored (the factory's record); one deployed otherwise is refused", async () => {
    const own = (await testbed.createPolicy({ chainIds: [31337], senderFactories: [simpleFactory] })).id
    const account = await newSimpleAccount()
    expect(await sendAndWait(simpleSponsoredBy(account, own))).toBe(true)
    expect(await sendAndWait(simpleSponsoredBy(account, own))).toBe(true)

    // Deployed by a plain call to the factory: no EntryPoint record says which factory made it.
    const owner = newOwner()
    const direct = await newSimpleAccount(owner)
    const hash = await devnetClient.writeContract({
      address: simpleFactory,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    })
    await devnetClient.waitForTransactionReceipt({ hash })
    const { message, before, after } = await refusedWithDeposit(() =>
      sendAndWait(simpleSponsoredBy(direct, own)),
    )
    expect(message).toMatch(
      new RegExp(
        `Policy ${own} sponsors accounts made by its listed factories only; ${direct.address} is not one`,
      ),
    )
    expect(after).toBe(before)
  }, 90_000)
})

describe('a policy with allowed targets', () => {
  test('error: an account whose code is unknown is refused even when it calls an allowed target; the deposit is unchanged', async () => {
    const policy = (await testbed.createPolicy({ chainIds: [31337], allowedTargets: [target] })).id
    const account = await newSimpleAccount()
    const { message, before, after } = await refusedWithDeposit(() =>
      sendAndWait(simpleSponsoredBy(account, policy)),
    )
    expect(message).toContain(
      `Policy ${policy} only allows calls to listed targets, which it can read for Sigil's account types only; ${account.address} is not one (the operation deploys it with factory ${simpleFactory.toLowerCase()})`,
    )
    expect(after).toBe(before)
    const light = sponsoredBy(
      await toLightAccount({ client: testbed.gatewayClient, owner: newOwner() }),
      policy,
    )
    expect(await sendAndWait(light)).toBe(true)
  }, 60_000)
})
