import { parseTransaction, recoverTransactionAddress, serializeTransaction } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { signTransaction } from './signTransaction.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('default: an EIP-1559 transaction on chain 1 recovers to the user address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'tx@example.com')
  const transaction = {
    chainId: 1,
    type: 'eip1559',
    to,
    value: 1_000_000_000_000_000n,
    nonce: 7,
    gas: 21_000n,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  } as const
  const signed = await signTransaction(signer, { transaction })
  expect(signed.startsWith('0x02')).toBe(true)
  expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(user.address)
  expect(parseTransaction(signed)).toMatchObject({
    ...transaction,
    to: to.toLowerCase(),
    yParity: expect.any(Number),
  })
})

test('behavior: a legacy transaction gets an EIP-155 v', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'legacy@example.com')
  const signed = await signer.signTransaction({
    chainId: 1,
    to,
    value: 1n,
    nonce: 0,
    gas: 21_000n,
    gasPrice: 1n,
  })
  expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(user.address)
  expect([37n, 38n]).toContain(parseTransaction(signed).v)
})

test('behavior: a custom serializer is used for both the hash and the signed form', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'serializer@example.com')
  const calls: boolean[] = []
  const signed = await signTransaction(signer, {
    transaction: { chainId: 1, to, value: 1n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, gas: 21_000n },
    serializer: (transaction, signature) => {
      calls.push(signature !== undefined)
      return serializeTransaction(transaction, signature)
    },
  })
  expect(calls).toEqual([false, true])
  expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(user.address)
})
