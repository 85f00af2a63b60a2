import { type Address, concat, type Hex, hashMessage, hashTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { lightAccountKinds, signReplaySafeHash } from './lightAccountKinds.js'
import { createLightAccount, startLightTestChain } from './lightAccountTestSupport.js'

const [, lightAccountV2] = lightAccountKinds
const magicValue = '0x1626ba7e'
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

describe.each(lightAccountKinds)('$name isValidSignature', (kind) => {
  let chain: StartTestChainReturnType
  const owner = privateKeyToAccount(generatePrivateKey())
  const secondOwner = privateKeyToAccount(generatePrivateKey())
  let account: Address
  const hash = hashMessage('hello')

  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(
      chain.client,
      kind,
      kind.multiOwner ? [owner.address, secondOwner.address] : [owner.address],
    )
  })
  afterAll(() => chain?.stop())

  const isValidSignature = (signature: Hex, on = account, of = hash) =>
    chain.client.readContract({
      address: on,
      abi: LightAccountV2.abi,
      functionName: 'isValidSignature',
      args: [of, signature],
    })

  test('default', async () => {
    expect(await isValidSignature(await signReplaySafeHash(kind, owner, account, hash))).toBe(magicValue)
  })

  test('behavior: the digest is EIP-712 LightAccountMessage(bytes message) in the reference domain', async () => {
    const digest = hashTypedData({
      domain: { ...kind.domain, chainId: 31337, verifyingContract: account },
      types: { LightAccountMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'LightAccountMessage',
      message: { message: hash },
    })
    const onChain = await chain.client.readContract({
      address: account,
      abi: LightAccountV2.abi,
      functionName: 'getMessageHash',
      args: [hash],
    })
    expect(onChain).toBe(digest)
  })

  test('behavior: viem verifyMessage and verifyTypedData accept the SDK formats', async () => {
    expect(
      await chain.client.verifyMessage({
        address: account,
        message: 'hello',
        signature: await signReplaySafeHash(kind, owner, account, hashMessage('hello')),
      }),
    ).toBe(true)
    expect(
      await chain.client.verifyTypedData({
        ...mail,
        address: account,
        signature: await signReplaySafeHash(kind, owner, account, hashTypedData(mail)),
      }),
    ).toBe(true)
  })

  test('behavior: any one owner of a MultiOwnerLightAccount may sign', async () => {
    const signature = await signReplaySafeHash(kind, secondOwner, account, hash)
    expect(await isValidSignature(signature)).toBe(kind.multiOwner ? magicValue : '0xffffffff')
  })

  test('error: a wrong signer, domain, account, hash or format is refused', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey())
    const other = await createLightAccount(chain.client, kind, [owner.address], 7n)
    const otherVersion = {
      ...kind,
      domain: { ...kind.domain, version: kind.domain.version === '1' ? '2' : '1' },
    }
    const wrong = [
      await signReplaySafeHash(kind, stranger, account, hash),
      await signReplaySafeHash(otherVersion, owner, account, hash),
      await signReplaySafeHash(kind, owner, other, hash),
      await signReplaySafeHash(kind, owner, account, hashMessage('other')),
      concat([kind.eoaPrefix, await owner.signMessage({ message: { raw: hash } })]),
      concat([kind.eoaPrefix, await owner.sign({ hash })]),
      '0x',
    ] as const
    for (const signature of wrong) expect(await isValidSignature(signature)).toBe('0xffffffff')
  })
})

describe.each(lightAccountKinds)('$name isValidSignature with a contract owner (ERC-1271)', (kind) => {
  let chain: StartTestChainReturnType
  const innerOwner = privateKeyToAccount(generatePrivateKey())
  let ownerContract: Address
  let account: Address
  const hash = hashMessage('hello')

  beforeAll(async () => {
    chain = await startLightTestChain()
    ownerContract = await createLightAccount(chain.client, lightAccountV2, [innerOwner.address])
    account = await createLightAccount(chain.client, kind, [ownerContract])
  })
  afterAll(() => chain?.stop())

  const isValidSignature = (signature: Hex) =>
    chain.client.readContract({
      address: account,
      abi: LightAccountV2.abi,
      functionName: 'isValidSignature',
      args: [hash, signature],
    })
  /** The owner contract's own ERC-1271 signature of the account's digest. */
  const innerSignature = async (signer = innerOwner) => {
    const digest = await chain.client.readContract({
      address: account,
      abi: LightAccountV2.abi,
      functionName: 'getMessageHash',
      args: [hash],
    })
    return signReplaySafeHash(lightAccountV2, signer, ownerContract, digest)
  }

  test('default', async () => {
    if (kind.entryPointVersion === '0.6')
      expect(await isValidSignature(await innerSignature())).toBe(magicValue)
    else {
      expect(await isValidSignature(concat(['0x01', await innerSignature()]))).toBe(magicValue)
      expect(await isValidSignature(concat(['0x02', ownerContract, await innerSignature()]))).toBe(magicValue)
    }
  })

  test('error: a signature the owner contract refuses', async () => {
    const wrong = await innerSignature(privateKeyToAccount(generatePrivateKey()))
    const formats =
      kind.entryPointVersion === '0.6'
        ? [wrong]
        : [concat(['0x01', wrong]), concat(['0x02', ownerContract, wrong])]
    for (const signature of formats) expect(await isValidSignature(signature)).toBe('0xffffffff')
  })
})
