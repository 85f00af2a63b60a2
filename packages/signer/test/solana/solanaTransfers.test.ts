import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode } from '@sigil/protocol'
import {
  type Address,
  createNoopSigner,
  generateKeyPairSigner,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SolanaRpcError } from '../../src/errors/SolanaRpcError.js'
import { addSolanaSponsorship } from '../../src/solana/addSolanaSponsorship.js'
import { sendSolanaTransaction } from '../../src/solana/sendSolanaTransaction.js'
import type { SolanaSigner } from '../../src/solana/toSolanaSigner.js'
import { type SolanaTestbed, startSolanaTestbed } from './startSolanaTestbed.js'

/**
 * Solana through the Sigil signer, end to end: users signed in by email through a real listener,
 * transfers built, sponsored (`alchemy_requestFeePayer` at the Sigil gateway, its fee payer in the vault)
 * and signed by their Sigil Solana signers, sent through the gateway to the local Solana runtime.
 */

let testbed: SolanaTestbed
beforeAll(async () => {
  testbed = await startSolanaTestbed()
}, 60_000)
afterAll(() => testbed?.stop())

const signatureFee = 5_000n
const newRecipient = async () => (await generateKeyPairSigner()).address
const transfer = (source: Address, destination: Address, amount: bigint) =>
  getTransferSolInstruction({ source: createNoopSigner(source), destination, amount })
const balances = (...addresses: string[]) => addresses.map((address) => testbed.devnet.getBalance(address))

/** Sponsors, signs and sends `amount` from `solana` to a new address under `policyId`. */
async function sendSponsored(solana: SolanaSigner, amount: bigint, policyId = testbed.policyId) {
  const recipient = await newRecipient()
  const sponsored = await solana.addSponsorship(
    [transfer(solana.address, recipient, amount)],
    testbed.connection,
    policyId,
  )
  return sendSolanaTransaction(await solana.addSignature(sponsored), testbed.connection)
}

describe('Solana transfers signed by the Sigil signer', () => {
  test('default: an unsponsored transfer lands; the user pays the amount and the 5000-lamport fee', async () => {
    const solana = await testbed.signIn('unsponsored@example.com')
    const recipient = await newRecipient()
    const [before] = balances(solana.address)
    const transaction = await solana.createTransfer(
      [transfer(solana.address, recipient, 1_500_000n)],
      testbed.connection,
    )
    expect(Object.keys(transaction.signatures)).toEqual([solana.address])
    const signed = await solana.addSignature(transaction)
    const signature = await sendSolanaTransaction(signed, testbed.connection)
    expect(signature).toBe(getSignatureFromTransaction(signed))
    expect(balances(recipient, solana.address)).toEqual([1_500_000n, before! - 1_500_000n - signatureFee])
  })

  test("behavior: a 'legacy' transfer lands too", async () => {
    const solana = await testbed.signIn('legacy@example.com')
    const recipient = await newRecipient()
    const transaction = await solana.createTransfer(
      [transfer(solana.address, recipient, 7_000_000n)],
      testbed.connection,
      'legacy',
    )
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    expect(message.version).toBe('legacy')
    await sendSolanaTransaction(await solana.addSignature(transaction), testbed.connection)
    expect(balances(recipient)).toEqual([7_000_000n])
  })

  test('default: a sponsored transfer lands; the fee payer pays the whole fee, the user only the amount', async () => {
    const solana = await testbed.signIn('sponsored@example.com')
    const recipient = await newRecipient()
    const [userBefore, feePayerBefore] = balances(solana.address, testbed.feePayer)
    const sponsored = await solana.addSponsorship(
      [transfer(solana.address, recipient, 2_000_000n)],
      testbed.connection,
      testbed.policyId,
    )
    // The gateway put its fee payer first and signed; the user's slot waits for the Sigil signer.
    expect(Object.keys(sponsored.signatures)).toEqual([testbed.feePayer, solana.address])
    expect(sponsored.signatures[testbed.feePayer as Address]).not.toBeNull()
    expect(sponsored.signatures[solana.address]).toBeNull()

    await sendSolanaTransaction(await solana.addSignature(sponsored), testbed.connection)
    const [received, user, feePayer] = balances(recipient, solana.address, testbed.feePayer)
    expect(received).toBe(2_000_000n)
    expect(userBefore! - user!).toBe(2_000_000n)
    expect(feePayerBefore! - feePayer!).toBe(2n * signatureFee) // two signatures
  })

  test('behavior: a user with no SOL beyond the amount can still send sponsored', async () => {
    const solana = await testbed.signIn('exact@example.com', 3_000_000n)
    await sendSponsored(solana, 3_000_000n)
    expect(balances(solana.address)).toEqual([0n])
  })

  test("default: a signed-in policy sponsors the user: the signer stamps alchemy_requestFeePayer with the user's session", async () => {
    const policy = await testbed.createPolicy({ audience: 'signed-in' })
    const solana = await testbed.signIn('signed-in@example.com')
    const [feePayerBefore] = balances(testbed.feePayer)
    await sendSponsored(solana, 1_000_000n, policy.id)
    const [feePayerAfter] = balances(testbed.feePayer)
    expect(feePayerBefore! - feePayerAfter!).toBe(2n * signatureFee)

    // The same request without the session (any client that knows the app) is refused; nothing is paid.
    const failure = addSolanaSponsorship({
      feePayer: solana.address,
      instructions: [transfer(solana.address, await newRecipient(), 1_000_000n)],
      connection: testbed.connection,
      policyId: policy.id,
    })
    await expect(failure).rejects.toThrow(SolanaRpcError)
    await expect(failure).rejects.toThrow(`Policy ${policy.id} sponsors signed-in users only: sign in first`)
    expect(balances(testbed.feePayer)).toEqual([feePayerAfter])
  })

  test('error: sending the same signed sponsored transaction twice is refused the second time', async () => {
    const solana = await testbed.signIn('replay@example.com')
    const sponsored = await solana.addSponsorship(
      [transfer(solana.address, await newRecipient(), 1_000_000n)],
      testbed.connection,
      testbed.policyId,
    )
    const signed = await solana.addSignature(sponsored)
    await sendSolanaTransaction(signed, testbed.connection)
    const [afterFirst] = balances(solana.address)
    const again = await sendSolanaTransaction(signed, testbed.connection).catch((error: unknown) => error)
    expect(again).toBeInstanceOf(SolanaRpcError)
    expect((again as SolanaRpcError).method).toBe('sendTransaction')
    expect((again as SolanaRpcError).message).toMatch(/already (been )?processed/i)
    expect(balances(solana.address)).toEqual([afterFirst])
  })

  test("error: over the policy's transactions per user per day: refused with the policy's message", async () => {
    const policy = await testbed.createPolicy({ maxTransactionsPerUserPerDay: 1 })
    const solana = await testbed.signIn('daily@example.com')
    await sendSponsored(solana, 1_000_000n, policy.id)
    const failure = await sendSponsored(solana, 1_000_000n, policy.id).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SolanaRpcError)
    expect(failure).toMatchObject({
      method: 'alchemy_requestFeePayer',
      code: -32501,
      message: `Policy ${policy.id} allows 1 transaction per user per day`,
    })
  })

  test('error: a program the policy does not allow is refused, naming the program', async () => {
    const allowed = await newRecipient() // any address that is not the System Program
    const policy = await testbed.createPolicy({ allowedPrograms: [allowed] })
    const solana = await testbed.signIn('program@example.com')
    await expect(sendSponsored(solana, 1_000_000n, policy.id)).rejects.toThrow(
      `Policy ${policy.id} does not allow program 11111111111111111111111111111111`,
    )
  })

  test("error: a drain attempt (a transfer from the fee payer's address) is refused", async () => {
    const solana = await testbed.signIn('drain@example.com')
    const [feePayerBefore] = balances(testbed.feePayer)
    const failure = solana.addSponsorship(
      [
        transfer(solana.address, await newRecipient(), 1_000n),
        transfer(testbed.feePayer as Address, solana.address, 1_000_000_000n),
      ],
      testbed.connection,
      testbed.policyId,
    )
    await expect(failure).rejects.toThrow(SolanaRpcError)
    await expect(failure).rejects.toThrow(
      `The transaction uses the fee payer ${testbed.feePayer} in an instruction: the fee payer only pays fees`,
    )
    expect(balances(testbed.feePayer)).toEqual([feePayerBefore])
  })

  test('error: an unknown policy is refused with the gateway’s message', async () => {
    const solana = await testbed.signIn('unknown-policy@example.com')
    const failure = await sendSponsored(solana, 1_000n, 'pol_unknown').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SolanaRpcError)
    expect(failure).toMatchObject({ code: -32501, message: 'Policy pol_unknown not found' })
  })

  test('default: signMessage answers an ed25519 signature that verifies with the Solana address', async () => {
    const solana = await testbed.signIn('message@example.com', 0n)
    const message = new TextEncoder().encode('Sigil on Solana')
    const signature = await solana.signMessage(message)
    expect(ed25519.verify(signature, message, base58Decode(solana.address))).toBe(true)
  })
})
