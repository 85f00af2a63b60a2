import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** A blockhash for pure tests (32 bytes of 1s, base58). */
export const testBlockhash = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash

/** A distinct valid address for pure tests: 32 bytes of `byte`, base58. */
export const testAddress = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte))

/** A SOL transfer instruction from `source` (a no-op signer stands in for the user's key). */
export const transferSol = (source: string, destination: string, amount: bigint) =>
  getTransferSolInstruction({
    source: createNoopSigner(source as Address),
    destination: destination as Address,
    amount,
  })

export type BuildSolanaTransactionParameters = {
  payer: string
  instructions: Instruction[]
  blockhash?: Blockhash | undefined
  lastValidBlockHeight?: bigint | undefined
  version?: 0 | 'legacy' | undefined
}

/**
 * Tests: a compiled (unsigned) transaction, as a client builds one with `@solana/kit`, and its base64
 * wire form.
 *
 * @example
 * const { base64 } = buildSolanaTransaction({ payer: user, instructions: [transferSol(user, to, 1n)] })
 */
export function buildSolanaTransaction({
  payer,
  instructions,
  blockhash = testBlockhash,
  lastValidBlockHeight = 1000n,
  version = 0,
}: BuildSolanaTransactionParameters): { transaction: Transaction; base64: string } {
  const message = pipe(
    createTransactionMessage({ version }),
    (each) => setTransactionMessageFeePayer(payer as Address, each),
    (each) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight }, each),
    (each) => appendTransactionMessageInstructions(instructions, each),
  )
  const transaction = compileTransaction(message)
  return { transaction, base64: getBase64EncodedWireTransaction(transaction) }
}
