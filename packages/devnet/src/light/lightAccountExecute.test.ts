import { type Address, encodeFunctionData, type Hex, parseAbi, parseEther, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountFactory } from '../artifacts/light/LightAccountFactory.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { lightAccountKinds } from './lightAccountKinds.js'
import { createLightAccount, sendAs, startLightTestChain } from './lightAccountTestSupport.js'

const abi = LightAccountV2.abi

describe.each(lightAccountKinds)('$name execute and executeBatch', (kind) => {
  let chain: StartTestChainReturnType
  const owner = privateKeyToAccount(generatePrivateKey()).address
  const stranger = privateKeyToAccount(generatePrivateKey()).address
  let account: Address
  const recipients = [1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address) as [Address, Address]

  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(chain.client, kind, [owner])
    await chain.client.setBalance({ address: account, value: parseEther('10') })
  })
  afterAll(() => chain?.stop())

  const balanceOf = (address: Address) => chain.client.getBalance({ address })
  const execute = (to: Address, value: bigint, data: Hex = '0x') =>
    encodeFunctionData({ abi, functionName: 'execute', args: [to, value, data] })

  test('default', async () => {
    const before = await balanceOf(recipients[0])
    await sendAs(chain.client, kind.entryPoint, { to: account, data: execute(recipients[0], 5n) })
    expect(await balanceOf(recipients[0])).toBe(before + 5n)
  })

  test('behavior: the owner may call execute directly', async () => {
    const before = await balanceOf(recipients[0])
    await sendAs(chain.client, owner, { to: account, data: execute(recipients[0], 7n) })
    expect(await balanceOf(recipients[0])).toBe(before + 7n)
  })

  test('behavior: executeBatch with values (0x47e1da2a), without values, and without the value array (0x18dfb3c7)', async () => {
    const [first, second] = recipients
    const before = [await balanceOf(first), await balanceOf(second)] as const
    const withValues = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [
        [first, second],
        [11n, 13n],
        ['0x', '0x'],
      ],
    })
    expect(withValues.slice(0, 10)).toBe('0x47e1da2a')
    await sendAs(chain.client, kind.entryPoint, { to: account, data: withValues })
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([before[0] + 11n, before[1] + 13n])

    // Calls without value: the account deposits at the EntryPoint through a call to itself.
    const addDeposit = encodeFunctionData({
      abi,
      functionName: 'execute',
      args: [kind.entryPoint, 17n, '0x'],
    })
    const withoutValues = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [[account], [], [addDeposit]],
    })
    const twoArguments = encodeFunctionData({
      abi,
      functionName: 'executeBatch',
      args: [[account], [addDeposit]],
    })
    expect(twoArguments.slice(0, 10)).toBe('0x18dfb3c7')
    const deposit = () => chain.client.readContract({ address: account, abi, functionName: 'getDeposit' })
    const depositBefore = await deposit()
    await sendAs(chain.client, kind.entryPoint, { to: account, data: withoutValues })
    await sendAs(chain.client, owner, { to: account, data: twoArguments })
    expect(await deposit()).toBe(depositBefore + 34n)
  })

  test('behavior: a failing call reverts with its own error', async () => {
    const createZero = encodeFunctionData({
      abi: LightAccountFactory.abi,
      functionName: 'createAccount',
      args: [zeroAddress, 0n],
    })
    const factory = kind.multiOwner ? lightAccountKinds[1].factory : kind.factory
    await expect(
      chain.client.simulateContract({
        account: kind.entryPoint,
        address: account,
        abi,
        functionName: 'execute',
        args: [factory, 0n, createZero],
      }),
    ).rejects.toThrow(/InvalidOwner/)
  })

  test('behavior: answers ERC-165 and the ERC-721/ERC-1155 receiver callbacks; an unknown selector reverts', async () => {
    const supports = (id: Hex) =>
      chain.client.readContract({ address: account, abi, functionName: 'supportsInterface', args: [id] })
    expect([
      await supports('0x01ffc9a7'),
      await supports('0x150b7a02'),
      await supports('0x4e2312e0'),
    ]).toEqual([true, true, true])
    expect(await supports('0xffffffff')).toBe(false)
    const onERC721Received = encodeFunctionData({
      abi: parseAbi(['function onERC721Received(address, address, uint256, bytes) returns (bytes4)']),
      args: [owner, owner, 1n, '0x'],
    })
    const { data } = await chain.client.call({ to: account, data: onERC721Received })
    expect(data?.slice(0, 10)).toBe('0x150b7a02')
    await expect(chain.client.call({ to: account, data: '0x12345678' })).rejects.toThrow(/revert/)
  })

  test('error: anyone else is refused', async () => {
    const call = (functionName: 'execute' | 'executeBatch', from: Address) =>
      chain.client.simulateContract(
        functionName === 'execute'
          ? { account: from, address: account, abi, functionName, args: [recipients[0], 1n, '0x'] }
          : { account: from, address: account, abi, functionName, args: [[recipients[0]], ['0x']] },
      )
    await expect(call('execute', stranger)).rejects.toThrow(/NotAuthorized/)
    await expect(call('executeBatch', stranger)).rejects.toThrow(/NotAuthorized/)
    await expect(
      chain.client.simulateContract({
        account: stranger,
        address: account,
        abi,
        functionName: 'executeBatch',
        args: [[recipients[0]], [1n], ['0x']],
      }),
    ).rejects.toThrow(/NotAuthorized/)
  })

  test('error: arrays of different lengths', async () => {
    const batch = (args: readonly [Address[], bigint[], Hex[]]) =>
      chain.client.simulateContract({
        account: owner,
        address: account,
        abi,
        functionName: 'executeBatch',
        args,
      })
    await expect(batch([[recipients[0]], [1n, 2n], ['0x']])).rejects.toThrow(/ArrayLengthMismatch/)
    await expect(batch([[recipients[0], recipients[1]], [], ['0x']])).rejects.toThrow(/ArrayLengthMismatch/)
  })
})
