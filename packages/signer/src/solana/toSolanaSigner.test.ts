import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, base58Encode } from '@sigil/protocol'
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  assertIsFullySignedTransaction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { toSolanaSigner } from './toSolanaSigner.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const fakeAddress = (byte: number) => address(base58Encode(new Uint8Array(32).fill(byte)))

/** A System Program transfer of `lamports` from `source` to `destination`, paid by `feePayer`. */
function compileTransfer({
  source,
  destination,
  feePayer,
}: Record<'source' | 'destination' | 'feePayer', Address>) {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, 1_000n, true)
  return pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayer(feePayer, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(base58Encode(new Uint8Array(32).fill(7))), lastValidBlockHeight: 100n },
        message,
      ),
    (message) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          accounts: [
            { address: source, role: AccountRole.WRITABLE_SIGNER },
            { address: destination, role: AccountRole.WRITABLE },
          ],
          data,
        },
        message,
      ),
    compileTransaction,
  )
}

test('default: signMessage answers a 64-byte ed25519 signature for the Solana address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'solana@example.com')
  const solana = toSolanaSigner(signer)
  expect(solana.address).toBe(user.solanaAddress)
  const message = new TextEncoder().encode('hello solana')
  const signature = await solana.signMessage(message)
  expect(signature).toBeInstanceOf(Uint8Array)
  expect(signature).toHaveLength(64)
  expect(ed25519.verify(signature, message, base58Decode(user.solanaAddress!))).toBe(true)
})

test('behavior: addSignature signs a compiled @solana/kit transfer', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'transfer@example.com')
  const solana = signer.toSolanaSigner()
  const transaction = compileTransfer({
    source: solana.address,
    destination: fakeAddress(9),
    feePayer: solana.address,
  })
  expect(transaction.signatures[solana.address]).toBeNull()

  const signed = await solana.addSignature(transaction)
  const signature = signed.signatures[solana.address]!
  expect(signature).toHaveLength(64)
  expect(ed25519.verify(signature, new Uint8Array(signed.messageBytes), base58Decode(solana.address))).toBe(
    true,
  )
  expect(signed.messageBytes).toBe(transaction.messageBytes)
  expect(Object.isFrozen(signed)).toBe(true)
  assertIsFullySignedTransaction(signed)
  expect(getBase64EncodedWireTransaction(signed)).toEqual(expect.any(String))
})

test('behavior: addSignature keeps the other signers’ slots', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'cosign@example.com')
  const solana = toSolanaSigner(signer)
  const feePayer = fakeAddress(5)
  const signed = await solana.addSignature(
    compileTransfer({ source: solana.address, destination: fakeAddress(9), feePayer }),
  )
  expect(Object.keys(signed.signatures)).toEqual([feePayer, solana.address])
  expect(signed.signatures[feePayer]).toBeNull()
  expect(
    ed25519.verify(
      signed.signatures[solana.address]!,
      new Uint8Array(signed.messageBytes),
      base58Decode(solana.address),
    ),
  ).toBe(true)
})

test('error: a transaction that does not expect the user’s signature', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'stranger@example.com')
  const solana = toSolanaSigner(signer)
  const transaction = compileTransfer({
    source: fakeAddress(4),
    destination: fakeAddress(9),
    feePayer: fakeAddress(4),
  })
  await expect(solana.addSignature(transaction)).rejects.toThrow(
    `The transaction does not expect a signature from ${solana.address}`,
  )
})

test('error: no solana address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'nosolana@example.com')
  signer.store.setState({ user: { ...user, solanaAddress: undefined } })
  expect(() => toSolanaSigner(signer)).toThrow('no solana address')
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  expect(() => toSolanaSigner(signer)).toThrow(NotAuthenticatedError)
})
