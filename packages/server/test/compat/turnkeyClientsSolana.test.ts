import { ed25519 } from '@noble/curves/ed25519.js'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { TurnkeyApiClient } from '@turnkey/sdk-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { UserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { startTurnkeyTestbed, type TurnkeyTestbed } from './startTurnkeyTestbed.js'

/**
 * Issue 17: `@turnkey/sdk-server`'s `signTransaction` with `TRANSACTION_TYPE_SOLANA`, unmodified,
 * against Sigil over a real listener, on transactions `@solana/web3.js` 1.x builds. Each signature is
 * checked with @noble/curves against the message and the account's public key.
 */

const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58()
const zeros = new Uint8Array(64)

describe('@turnkey/sdk-server signTransaction (Solana) against Sigil', () => {
  let testbed: TurnkeyTestbed
  let user: UserSubOrganization
  let api: TurnkeyApiClient
  let owner: PublicKey

  beforeAll(async () => {
    testbed = await startTurnkeyTestbed({ email: 'sol@example.com', name: 'sol' })
    ;({ user, api } = testbed)
    owner = new PublicKey(user.solanaAddress)
  })
  afterAll(async () => {
    await testbed?.close()
  })

  const transfer = (from: PublicKey) =>
    SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1_000 })

  const sign = async (unsigned: Uint8Array) => {
    const { signedTransaction, activity } = await api.signTransaction({
      signWith: user.solanaAddress,
      unsignedTransaction: Buffer.from(unsigned).toString('hex'),
      type: 'TRANSACTION_TYPE_SOLANA',
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(activity.result.signTransactionResult?.signedTransaction).toBe(signedTransaction)
    return Buffer.from(signedTransaction, 'hex')
  }

  test('@turnkey/sdk-server signTransaction: a legacy @solana/web3.js transfer comes back signed', async () => {
    const transaction = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(transfer(owner))
    const unsigned = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    const signed = Transaction.from(await sign(unsigned))
    expect(signed.verifySignatures()).toBe(true)
    const message = signed.serializeMessage()
    expect(message.equals(transaction.serializeMessage())).toBe(true)
    expect(ed25519.verify(signed.signature!, message, owner.toBytes())).toBe(true)
  })

  test('@turnkey/sdk-server signTransaction: a v0 transaction fills only the account’s slot', async () => {
    const feePayer = Keypair.generate()
    const message = new TransactionMessage({
      payerKey: feePayer.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer(owner)],
    }).compileToV0Message()
    const unsigned = new VersionedTransaction(message)
    const signed = VersionedTransaction.deserialize(await sign(unsigned.serialize()))
    expect(signed.signatures).toHaveLength(2)
    expect(signed.signatures[0]).toEqual(zeros)
    const messageBytes = signed.message.serialize()
    expect(ed25519.verify(signed.signatures[1]!, messageBytes, owner.toBytes())).toBe(true)
    // The fee payer signs after: the transaction is then complete.
    signed.sign([feePayer])
    expect(ed25519.verify(signed.signatures[0]!, messageBytes, feePayer.publicKey.toBytes())).toBe(true)
    expect(ed25519.verify(signed.signatures[1]!, messageBytes, owner.toBytes())).toBe(true)
  })

  test('behavior: a bare compiled message comes back as a wire transaction with its slots', async () => {
    const transaction = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(transfer(owner))
    const signed = Transaction.from(await sign(transaction.serializeMessage()))
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.feePayer?.toBase58()).toBe(user.solanaAddress)
  })

  test('error: a transaction the account does not sign, or bytes that are no transaction, are refused', async () => {
    const stranger = Keypair.generate().publicKey
    const foreign = new Transaction({ feePayer: stranger, recentBlockhash: blockhash }).add(
      transfer(stranger),
    )
    const unsigned = foreign.serialize({ requireAllSignatures: false, verifySignatures: false })
    for (const [unsignedTransaction, reason] of [
      [unsigned.toString('hex'), /is not one of the transaction's signers/],
      [`${unsigned.toString('hex')}00`, /legacy or v0 wire transaction or compiled message/],
      ['abc', /even number of hex digits/],
    ] as const)
      await expect(
        api.signTransaction({
          signWith: user.solanaAddress,
          unsignedTransaction,
          type: 'TRANSACTION_TYPE_SOLANA',
        }),
      ).rejects.toThrow(reason)
    // An Ethereum account is no Solana signer.
    const mine = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(transfer(owner))
    await expect(
      api.signTransaction({
        signWith: user.ethereumAddress,
        unsignedTransaction: mine.serialize({ requireAllSignatures: false }).toString('hex'),
        type: 'TRANSACTION_TYPE_SOLANA',
      }),
    ).rejects.toThrow(/is not one of the transaction's signers/)
  })

  test('error: a transaction type Sigil does not sign names the accepted ones', async () => {
    await expect(
      api.signTransaction({
        signWith: user.solanaAddress,
        unsignedTransaction: '00',
        type: 'TRANSACTION_TYPE_TRON',
      }),
    ).rejects.toThrow(/parameters\.type/)
  })
})
