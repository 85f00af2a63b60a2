import {
  assertIsFullySignedTransaction,
  getBase64EncodedWireTransaction,
  type Transaction,
} from '@solana/kit'
import { compileSolanaTransfer } from './compileSolanaTransfer.js'

/**
 * The `@solana/kit` helpers the Solana suites run in the page (`window.solanaKit`): build a
 * transfer, and encode a signed one for the wire (`toWireTransaction` throws unless every signer
 * has signed).
 *
 * @example
 * const signed = await signer.toSolanaSigner().addSignature(solanaKit.compileSolanaTransfer({ … }))
 * solanaKit.toWireTransaction(signed) // base64
 */
export const solanaKit = {
  compileSolanaTransfer,
  toWireTransaction(transaction: Transaction): string {
    assertIsFullySignedTransaction(transaction)
    return getBase64EncodedWireTransaction(transaction)
  },
}
