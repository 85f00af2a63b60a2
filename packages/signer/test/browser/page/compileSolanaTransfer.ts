import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

export type CompileSolanaTransferParameters = {
  source: string
  destination: string
  feePayer: string
  lamports: number
  /** A base58 blockhash; the transaction is never sent, so any 32 bytes do. */
  recentBlockhash: string
}

/**
 * A compiled `@solana/kit` v0 transaction with one System Program transfer of `lamports` from
 * `source` to `destination`, paid by `feePayer`: what the Chromium suites hand to the Solana signer.
 *
 * @example
 * const transaction = compileSolanaTransfer({ source, destination, feePayer: source, lamports: 1000, recentBlockhash })
 */
export function compileSolanaTransfer(parameters: CompileSolanaTransferParameters) {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, BigInt(parameters.lamports), true)
  return pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayer(address(parameters.feePayer) as Address, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(parameters.recentBlockhash), lastValidBlockHeight: 100n },
        message,
      ),
    (message) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          accounts: [
            { address: address(parameters.source), role: AccountRole.WRITABLE_SIGNER },
            { address: address(parameters.destination), role: AccountRole.WRITABLE },
          ],
          data,
        },
        message,
      ),
    compileTransaction,
  )
}
