import { type Address, concat, encodeFunctionData, type Hex, parseEther } from 'viem'
import {
  entryPoint06Abi,
  entryPoint07Abi,
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { MultiOwnerPlugin } from '../artifacts/modular/MultiOwnerPlugin.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'

// One real user operation per account type through EntryPoint.handleOps, sent by anvil account #0 as a bundler
// would: the first one deploys the account from its initCode and pays a transfer from it.
const gas = {
  callGasLimit: 100_000n,
  verificationGasLimit: 1_000_000n,
  preVerificationGas: 60_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
}
const beneficiary = '0x00000000000000000000000000000000000b0b01'
const executeData = (to: Address, value: bigint) =>
  encodeFunctionData({ abi: MultiOwnerModularAccount.abi, functionName: 'execute', args: [to, value, '0x'] })

describe('EntryPoint.handleOps with the modular accounts', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
  })
  afterAll(() => chain?.stop())

  test('behavior: MultiOwnerModularAccount (v0.6) deploys and executes in its first user operation, then updates its owners', async () => {
    const { client } = chain
    const { entryPoint, factory } = modularAccountAddresses.multiOwnerModularAccount
    const owner = privateKeyToAccount(generatePrivateKey())
    const initCode = concat([
      factory,
      encodeFunctionData({
        abi: MultiOwnerModularAccountFactory.abi,
        functionName: 'createAccount',
        args: [0n, [owner.address]],
      }),
    ])
    const sender = await getSenderAddress(client, { entryPoint, initCode })
    await client.setBalance({ address: sender, value: parseEther('1') })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const unsigned: UserOperation<'0.6'> = {
      sender,
      nonce: 0n,
      initCode,
      callData: executeData(to, 9n),
      paymasterAndData: '0x',
      signature: '0x',
      ...gas,
    }
    const userOpHash = getUserOperationHash({
      userOperation: unsigned,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.6',
      chainId: 31337,
    })
    const userOp = {
      ...unsigned,
      signature: await owner.signMessage({ message: { raw: userOpHash } }),
    } as Required<Omit<UserOperation<'0.6'>, 'authorization'>>
    const hash = await client.writeContract({
      address: entryPoint,
      abi: entryPoint06Abi,
      functionName: 'handleOps',
      args: [[userOp], beneficiary],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(9n)
    expect(await client.getCode({ address: sender })).toBeTruthy()

    // The SDK's owner update: the user operation's call data is `updateOwners` on the account itself.
    const newOwner = privateKeyToAccount(generatePrivateKey())
    const update: UserOperation<'0.6'> = {
      ...unsigned,
      nonce: 1n,
      initCode: '0x',
      callData: encodeFunctionData({
        abi: MultiOwnerModularAccount.abi,
        functionName: 'updateOwners',
        args: [[newOwner.address], [owner.address]],
      }),
    }
    const updateHash = getUserOperationHash({
      userOperation: update,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.6',
      chainId: 31337,
    })
    const signedUpdate = {
      ...update,
      signature: await owner.signMessage({ message: { raw: updateHash } }),
    } as Required<Omit<UserOperation<'0.6'>, 'authorization'>>
    const updateTx = await client.writeContract({
      address: entryPoint,
      abi: entryPoint06Abi,
      functionName: 'handleOps',
      args: [[signedUpdate], beneficiary],
    })
    expect((await client.waitForTransactionReceipt({ hash: updateTx })).status).toBe('success')
    const owners = await client.readContract({
      address: modularAccountAddresses.multiOwnerModularAccount.multiOwnerPlugin,
      abi: MultiOwnerPlugin.abi,
      functionName: 'ownersOf',
      args: [sender],
    })
    expect(owners).toEqual([newOwner.address])
  })

  test('behavior: ModularAccountV2 (v0.7) deploys and executes in its first user operation', async () => {
    const { client } = chain
    const { entryPoint, factory } = modularAccountAddresses.modularAccountV2
    const owner = privateKeyToAccount(generatePrivateKey())
    const factoryData = encodeFunctionData({
      abi: ModularAccountV2Factory.abi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, 0n],
    })
    const sender = await getSenderAddress(client, { entryPoint, initCode: concat([factory, factoryData]) })
    await client.setBalance({ address: sender, value: parseEther('1') })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const unsigned: UserOperation<'0.7'> = {
      sender,
      nonce: 1n << 64n,
      factory,
      factoryData,
      callData: executeData(to, 7n),
      signature: '0x',
      ...gas,
    }
    const userOpHash = getUserOperationHash({
      userOperation: unsigned,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
    const signature = concat(['0xff00', await owner.signMessage({ message: { raw: userOpHash } })])
    const packed = toPackedUserOperation({ ...unsigned, signature })
    const hash = await client.writeContract({
      address: entryPoint,
      abi: entryPoint07Abi,
      functionName: 'handleOps',
      args: [[packed], beneficiary],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(7n)
  })

  test('behavior: an EOA delegated to the 7702 implementation in the same transaction runs its user operation', async () => {
    const { client } = chain
    const { entryPoint, implementation } = modularAccountAddresses.modularAccountV2In7702
    const eoa = privateKeyToAccount(generatePrivateKey())
    await client.setBalance({ address: eoa.address, value: parseEther('1') })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const unsigned: UserOperation<'0.7'> = {
      sender: eoa.address,
      nonce: 1n << 64n,
      callData: executeData(to, 5n),
      signature: '0x',
      ...gas,
    }
    const userOpHash = getUserOperationHash({
      userOperation: unsigned,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.7',
      chainId: 31337,
    })
    const signature: Hex = concat(['0xff00', await eoa.signMessage({ message: { raw: userOpHash } })])
    const authorization = await eoa.signAuthorization({
      contractAddress: implementation,
      chainId: 31337,
      nonce: 0,
    })
    const hash = await client.writeContract({
      address: entryPoint,
      abi: entryPoint07Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation({ ...unsigned, signature })], beneficiary],
      authorizationList: [authorization],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(5n)
  })
})
