import {
  createWalletClient,
  custom,
  recoverMessageAddress,
  recoverTransactionAddress,
  type TransactionSerialized,
  verifyTypedData,
} from 'viem'
import { mainnet } from 'viem/chains'
import { verifyAuthorization } from 'viem/utils'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { toViemAccount } from './toViemAccount.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const typedData = {
  domain: { name: 'Sigil', chainId: 1 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hi' },
} as const

test('default: a custom local account whose signatures verify with viem', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'account@example.com')
  const account = toViemAccount(signer)
  expect(account).toMatchObject({ address: user.address, source: 'custom', type: 'local' })

  const message = await account.signMessage({ message: 'hello' })
  expect(await recoverMessageAddress({ message: 'hello', signature: message })).toBe(user.address)

  const typed = await account.signTypedData(typedData)
  expect(await verifyTypedData({ ...typedData, address: user.address, signature: typed })).toBe(true)

  const transaction = await account.signTransaction({
    chainId: 1,
    to: user.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  })
  // viem types a local account's signTransaction answer as plain `Hex`.
  const serializedTransaction = transaction as TransactionSerialized
  expect(await recoverTransactionAddress({ serializedTransaction })).toBe(user.address)

  const authorization = await account.signAuthorization!({ address: user.address, chainId: 1, nonce: 0 })
  expect(await verifyAuthorization({ address: user.address, authorization })).toBe(true)

  const raw = await account.sign!({ hash: `0x${'11'.repeat(32)}` })
  expect(raw).toMatch(/^0x[0-9a-f]{130}$/)
})

test('behavior: a viem wallet client signs with it locally', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'wallet@example.com')
  const client = createWalletClient({
    account: signer.toViemAccount(),
    chain: mainnet,
    transport: custom({
      request: () => Promise.reject(new Error('a local account signs without the network')),
    }),
  })
  const signature = await client.signMessage({ message: 'via client' })
  expect(await recoverMessageAddress({ message: 'via client', signature })).toBe(user.address)
  const typed = await client.signTypedData(typedData)
  expect(await verifyTypedData({ ...typedData, address: user.address, signature: typed })).toBe(true)
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  expect(() => toViemAccount(signer)).toThrow(NotAuthenticatedError)
})
