import { type Address, concat, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import {
  dummySignature,
  lightAccountKinds,
  signReplaySafeHash,
  signUserOperationHash,
} from './lightAccountKinds.js'
import {
  buildUserOperation,
  createLightAccount,
  getUserOpHash,
  startLightTestChain,
  validateUserOpAsEntryPoint,
} from './lightAccountTestSupport.js'

const [, lightAccountV2] = lightAccountKinds

describe.each(lightAccountKinds)('$name validateUserOp', (kind) => {
  let chain: StartTestChainReturnType
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  let account: Address
  let op: ReturnType<typeof buildUserOperation>
  let userOpHash: Hex

  beforeAll(async () => {
    chain = await startLightTestChain()
    account = await createLightAccount(chain.client, kind, [owner.address])
    op = buildUserOperation(kind, account)
    userOpHash = await getUserOpHash(chain.client, kind, op)
  })
  afterAll(() => chain?.stop())

  const validate = (signature: Hex, missingAccountFunds = 0n, send = false) =>
    validateUserOpAsEntryPoint(chain.client, kind, op, { signature, userOpHash, missingAccountFunds, send })

  test('default', async () => {
    expect(await validate(await signUserOperationHash(kind, owner, userOpHash))).toBe(0n)
  })

  test('behavior: a wrong signer, the dummy signature and an empty one give 1 (SIG_VALIDATION_FAILED)', async () => {
    expect(await validate(await signUserOperationHash(kind, stranger, userOpHash))).toBe(1n)
    expect(await validate(concat([kind.eoaPrefix, dummySignature]))).toBe(1n)
    expect(await validate('0x')).toBe(1n)
  })

  test('behavior: the owner signing another hash, or the raw hash without EIP-191, gives 1', async () => {
    const otherOp = buildUserOperation(kind, account, '0x', 1n)
    const otherHash = await getUserOpHash(chain.client, kind, otherOp)
    expect(await validate(await signUserOperationHash(kind, owner, otherHash))).toBe(1n)
    expect(await validate(concat([kind.eoaPrefix, await owner.sign({ hash: userOpHash })]))).toBe(1n)
  })

  test('behavior: pays the EntryPoint its missing funds, whatever the signature', async () => {
    await chain.client.setBalance({ address: account, value: parseEther('1') })
    const depositOf = () =>
      chain.client.readContract({ address: account, abi: LightAccountV2.abi, functionName: 'getDeposit' })
    const before = await depositOf()
    await validate(await signUserOperationHash(kind, owner, userOpHash), 1234n, true)
    await validate(concat([kind.eoaPrefix, dummySignature]), 1000n, true)
    expect(await depositOf()).toBe(before + 2234n)
    expect(await chain.client.getBalance({ address: account })).toBe(parseEther('1') - 2234n)
  })

  test('error: only the EntryPoint may call it', async () => {
    const signature = await signUserOperationHash(kind, owner, userOpHash)
    await expect(
      validateUserOpAsEntryPoint(chain.client, { ...kind, entryPoint: owner.address }, op, {
        signature,
        userOpHash,
      }),
    ).rejects.toThrow(/NotAuthorized|revert/)
  })
})

describe.each(lightAccountKinds)('$name validateUserOp with a contract owner (ERC-1271)', (kind) => {
  let chain: StartTestChainReturnType
  const innerOwner = privateKeyToAccount(generatePrivateKey())
  let ownerContract: Address
  let account: Address
  let op: ReturnType<typeof buildUserOperation>
  let userOpHash: Hex

  beforeAll(async () => {
    chain = await startLightTestChain()
    // The owner is itself a LightAccount v2.0.0 (an ERC-1271 contract) owned by `innerOwner`.
    ownerContract = await createLightAccount(chain.client, lightAccountV2, [innerOwner.address])
    const owners = kind.multiOwner
      ? [ownerContract, privateKeyToAccount(generatePrivateKey()).address]
      : [ownerContract]
    account = await createLightAccount(chain.client, kind, owners)
    op = buildUserOperation(kind, account)
    userOpHash = await getUserOpHash(chain.client, kind, op)
  })
  afterAll(() => chain?.stop())

  const validate = (signature: Hex) =>
    validateUserOpAsEntryPoint(chain.client, kind, op, { signature, userOpHash })
  /** What the owner contract accepts for `userOpHash`: its own ERC-1271 format. */
  const innerSignature = (signer = innerOwner) =>
    signReplaySafeHash(lightAccountV2, signer, ownerContract, userOpHash)

  test('default', async () => {
    if (kind.entryPointVersion === '0.6') expect(await validate(await innerSignature())).toBe(0n)
    else {
      expect(await validate(concat(['0x01', await innerSignature()]))).toBe(0n)
      expect(await validate(concat(['0x02', ownerContract, await innerSignature()]))).toBe(0n)
    }
  })

  test('behavior: a signature the owner contract refuses gives 1', async () => {
    const wrong = await innerSignature(privateKeyToAccount(generatePrivateKey()))
    if (kind.entryPointVersion === '0.6') expect(await validate(wrong)).toBe(1n)
    else {
      expect(await validate(concat(['0x01', wrong]))).toBe(1n)
      expect(await validate(concat(['0x02', ownerContract, wrong]))).toBe(1n)
      expect(await validate(concat(['0x01', dummySignature]))).toBe(1n)
      expect(await validate('0x03')).toBe(1n)
    }
  })

  test('behavior: a signature of a contract that is not an owner gives 1', async () => {
    const notOwner = await createLightAccount(chain.client, lightAccountV2, [innerOwner.address], 1n)
    const signature = await signReplaySafeHash(lightAccountV2, innerOwner, notOwner, userOpHash)
    if (kind.entryPointVersion === '0.6') expect(await validate(signature)).toBe(1n)
    else {
      expect(await validate(concat(['0x01', signature]))).toBe(1n)
      expect(await validate(concat(['0x02', notOwner, signature]))).toBe(1n)
    }
  })
})
