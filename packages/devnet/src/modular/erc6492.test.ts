import { concat, encodeFunctionData, hashMessage, serializeErc6492Signature, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { MultiOwnerPlugin } from '../artifacts/modular/MultiOwnerPlugin.js'
import { deployModularAccounts } from '../deploy/deployModularAccounts.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { getSenderAddress } from './getSenderAddress.js'
import { modularAccountAddresses } from './modularAccountAddresses.js'

// Before deployment, the SDK wraps a signature per EIP-6492 (factory, factory call data, signature); viem's
// verifyHash deploys the account in an eth_call and asks its isValidSignature.
describe('EIP-6492 signatures of counterfactual modular accounts', () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
    await deployModularAccounts(chain.client)
  })
  afterAll(() => chain?.stop())
  const hash = hashMessage('signed before the account exists')

  test('behavior: MultiOwnerModularAccount, in the domain the plugin gives the counterfactual account', async () => {
    const { client } = chain
    const { entryPoint, factory, multiOwnerPlugin } = modularAccountAddresses.multiOwnerModularAccount
    const owner = privateKeyToAccount(generatePrivateKey())
    const data = encodeFunctionData({
      abi: MultiOwnerModularAccountFactory.abi,
      functionName: 'createAccount',
      args: [7n, [owner.address]],
    })
    const account = await getSenderAddress(client, { entryPoint, initCode: concat([factory, data]) })
    const [, name, version, chainId, verifyingContract, salt] = await client.readContract({
      address: multiOwnerPlugin,
      abi: MultiOwnerPlugin.abi,
      functionName: 'eip712Domain',
      account,
    })
    const typedData = {
      domain: { name, version, chainId: Number(chainId), verifyingContract, salt },
      types: { AlchemyModularAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'AlchemyModularAccountMessage',
      message: { message: hash },
    } as const
    const wrap = async (signer: typeof owner) =>
      serializeErc6492Signature({ address: factory, data, signature: await signer.signTypedData(typedData) })
    expect(await client.verifyHash({ address: account, hash, signature: await wrap(owner) })).toBe(true)
    expect(
      await client.verifyHash({
        address: account,
        hash,
        signature: await wrap(privateKeyToAccount(generatePrivateKey())),
      }),
    ).toBe(false)
    expect(await client.getCode({ address: account })).toBeUndefined()
  })

  test('behavior: ModularAccountV2, the 1271 packing over ReplaySafeHash', async () => {
    const { client } = chain
    const { entryPoint, factory } = modularAccountAddresses.modularAccountV2
    const owner = privateKeyToAccount(generatePrivateKey())
    const data = encodeFunctionData({
      abi: ModularAccountV2Factory.abi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, 7n],
    })
    const account = await getSenderAddress(client, { entryPoint, initCode: concat([factory, data]) })
    const typedData = {
      domain: { chainId: 31337, verifyingContract: account },
      types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
      primaryType: 'ReplaySafeHash',
      message: { hash },
    } as const
    const wrap = async (signer: typeof owner) =>
      serializeErc6492Signature({
        address: factory,
        data,
        signature: concat([
          '0x00',
          toHex(0, { size: 4 }),
          '0xff',
          '0x00',
          await signer.signTypedData(typedData),
        ]),
      })
    expect(await client.verifyHash({ address: account, hash, signature: await wrap(owner) })).toBe(true)
    expect(
      await client.verifyHash({
        address: account,
        hash,
        signature: await wrap(privateKeyToAccount(generatePrivateKey())),
      }),
    ).toBe(false)
  })
})
