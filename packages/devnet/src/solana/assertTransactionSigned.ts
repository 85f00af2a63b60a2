import type { Transaction } from '@solana/kit'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'

/**
 * Refuses a transaction with an empty signature slot the way Agave does, with JSON-RPC -32003, naming the
 * signers whose signatures are missing.
 *
 * @example
 * assertTransactionSigned(decodeWireTransaction(wire, 'base64').transaction)
 */
export function assertTransactionSigned(transaction: Transaction): void {
  const missing = Object.entries(transaction.signatures)
    .filter(([, signature]) => signature === null)
    .map(([address]) => address)
  if (missing.length > 0)
    throw new SolanaRpcError(
      solanaRpcErrorCodes.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      `Transaction signature verification failure: missing signature for ${missing.join(', ')}`,
      { data: { missingSigners: missing } },
    )
}
