import { type Address, createNoopSigner } from '@solana/kit'
import { getAdvanceNonceAccountInstruction } from '@solana-program/system'
import { describe, expect, test } from 'vitest'
import { assertNoDurableNonce } from './assertNoDurableNonce.js'
import { decodeSolanaTransaction } from './decodeSolanaTransaction.js'
import { setSolanaFeePayer } from './setSolanaFeePayer.js'
import { buildSolanaTransaction, testAddress, transferSol } from './test/buildSolanaTransaction.js'

const feePayer = testAddress(1)
const user = testAddress(2)
const nonceAccount = testAddress(4)
const advance = getAdvanceNonceAccountInstruction({
  nonceAccount: nonceAccount as Address,
  nonceAuthority: createNoopSigner(user as Address),
})
const refusal =
  "The transaction's first instruction advances a durable nonce (System program AdvanceNonceAccount): a durable-nonce transaction never expires, so the fee payer signs only transactions on a recent blockhash"

const final = (instructions: unknown[]) =>
  setSolanaFeePayer(
    decodeSolanaTransaction(
      buildSolanaTransaction({ payer: user, instructions: instructions as never[] }).base64,
    ),
    feePayer,
  ).message

describe('assertNoDurableNonce', () => {
  test('default: transfers, and a nonce advance that is not first (not a durable-nonce transaction), pass', () => {
    expect(() => assertNoDurableNonce(final([transferSol(user, testAddress(3), 5n)]))).not.toThrow()
    expect(() => assertNoDurableNonce(final([transferSol(user, testAddress(3), 5n), advance]))).not.toThrow()
  })

  test('error: AdvanceNonceAccount first is refused, also with bytes after its discriminant', () => {
    expect(() => assertNoDurableNonce(final([advance, transferSol(user, testAddress(3), 5n)]))).toThrow(
      refusal,
    )
    const padded = { ...advance, data: new Uint8Array([4, 0, 0, 0, 9, 9]) }
    expect(() => assertNoDurableNonce(final([padded]))).toThrow(refusal)
  })
})
