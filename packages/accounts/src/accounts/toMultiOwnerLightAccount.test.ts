import { concat, hashTypedData, pad, recoverTypedDataAddress, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { createStubClient } from '../test/createStubClient.js'
import { owner, secondOwner } from '../test/owners.js'
import { normalizeOwners } from './normalizeOwners.js'
import { toMultiOwnerLightAccount } from './toMultiOwnerLightAccount.js'

const accountAddress = '0x3333333333333333333333333333333333333333'
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: { Person: [{ name: 'name', type: 'string' }] },
  primaryType: 'Person',
  message: { name: 'Alice' },
} as const

describe('toMultiOwnerLightAccount', () => {
  test('default: createAccount(address[] owners, uint256 salt) 0xb54c02f2 with the normalised owners', async () => {
    const account = await toMultiOwnerLightAccount({
      client: createStubClient(),
      owner,
      owners: [secondOwner.address, owner.address],
      accountAddress,
    })
    const owners = normalizeOwners({ owner: owner.address, owners: [secondOwner.address] })
    expect(account.owners).toEqual(owners)
    const { factory, factoryData } = await account.getFactoryArgs()
    expect(factory).toBe(defaultAddresses.multiOwnerLightAccount['v2.0.0'].factory)
    expect(factoryData).toBe(
      concat([
        '0xb54c02f2',
        pad(toHex(0x40)),
        pad('0x0'),
        pad(toHex(2)),
        pad(owners[0] ?? '0x'),
        pad(owners[1] ?? '0x'),
      ]).toLowerCase(),
    )
  })

  test('behavior: updateOwners(address[],address[]) 0x39562247, stub 0x00 ‖ D, EntryPoint 0.7', async () => {
    const account = await toMultiOwnerLightAccount({ client: createStubClient(), owner, accountAddress })
    expect(account.encodeUpdateOwners([secondOwner.address], []).slice(0, 10)).toBe('0x39562247')
    expect(await account.getStubSignature()).toBe(concat(['0x00', dummySignature]))
    expect(account.entryPoint.version).toBe('0.7')
    expect((await account.encodeCalls([{ to: accountAddress }, { to: accountAddress }])).slice(0, 10)).toBe(
      '0x47e1da2a',
    )
  })

  test('behavior: signTypedData is 0x00 ‖ 712(LightAccountMessage) in the MultiOwnerLightAccount/2 domain', async () => {
    const account = await toMultiOwnerLightAccount({
      client: createStubClient({ code: '0x60' }),
      owner,
      accountAddress,
    })
    const signature = await account.signTypedData(mail)
    expect(signature.slice(0, 4)).toBe('0x00')
    const signer = await recoverTypedDataAddress({
      domain: {
        name: 'MultiOwnerLightAccount',
        version: '2',
        chainId: 31337,
        verifyingContract: accountAddress,
      },
      types: { LightAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'LightAccountMessage',
      message: { message: hashTypedData(mail) },
      signature: `0x${signature.slice(4)}`,
    })
    expect(signer).toBe(owner.address)
  })
})
