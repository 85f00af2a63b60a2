import type { Address, Instruction, Transaction, TransactionWithLifetime } from '@solana/kit'
import { requestSolanaRpc } from './requestSolanaRpc.js'
import type { SolanaConnection } from './SolanaConnection.js'

export type CreateSolanaTransferParameters = {
  /** The fee payer (the user). */
  feePayer: Address
  instructions: readonly Instruction[]
  connection: SolanaConnection
  /** Default `'versioned'` (a v0 message). */
  version?: 'versioned' | 'legacy' | undefined
  /** `getLatestBlockhash`'s commitment; the node's default when not given. */
  commitment?: 'processed' | 'confirmed' | 'finalized' | undefined
  fetch?: typeof fetch | undefined
}

/**
 * Compiles `instructions` into an unsigned `@solana/kit` transaction paid by `feePayer`, its lifetime the
 * connection's `getLatestBlockhash`. `@solana/kit` is loaded on first use (it is an optional peer); the
 * functions are named where it is loaded, so a bundler keeps only them (apps/demo/bench/README.md).
 *
 * @example
 * const transaction = await createSolanaTransfer({ feePayer: solana.address, instructions, connection })
 */
export async function createSolanaTransfer({
  feePayer,
  instructions,
  connection,
  version = 'versioned',
  commitment,
  fetch,
}: CreateSolanaTransferParameters): Promise<Transaction & TransactionWithLifetime> {
  const {
    appendTransactionMessageInstructions,
    blockhash,
    compileTransaction,
    createTransactionMessage,
    pipe,
    setTransactionMessageFeePayer,
    setTransactionMessageLifetimeUsingBlockhash,
  } = await import('@solana/kit')
  const { value } = await requestSolanaRpc<{
    value: { blockhash: string; lastValidBlockHeight: number | string }
  }>({
    connection,
    method: 'getLatestBlockhash',
    params: commitment ? [{ commitment }] : [],
    fetch,
  })
  const message = pipe(
    createTransactionMessage({ version: version === 'legacy' ? 'legacy' : 0 }),
    (message) => setTransactionMessageFeePayer(feePayer, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: blockhash(value.blockhash),
          lastValidBlockHeight: BigInt(value.lastValidBlockHeight),
        },
        message,
      ),
    (message) => appendTransactionMessageInstructions(instructions, message),
  )
  return compileTransaction(message)
}
