import {
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'

export type DecodedWireTransaction = {
  transaction: Transaction
  message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  wire: Uint8Array
}

/** The largest wire transaction Solana accepts (`PACKET_DATA_SIZE`). */
const maxTransactionBytes = 1232

/**
 * Decodes a wire transaction sent as `sendTransaction` / `simulateTransaction` take it (base64, or base58, the
 * default), refusing what a node refuses with JSON-RPC -32602.
 *
 * @example
 * const { transaction, message } = decodeWireTransaction(params[0], 'base64')
 */
export function decodeWireTransaction(
  encoded: unknown,
  encoding: unknown = 'base58',
): DecodedWireTransaction {
  const invalid = (message: string, cause?: unknown) =>
    new SolanaRpcError(solanaRpcErrorCodes.INVALID_PARAMS, message, { cause })
  if (typeof encoded !== 'string') throw invalid('Invalid params: the transaction must be a string')
  if (encoding !== 'base58' && encoding !== 'base64')
    throw invalid(`Invalid params: unsupported encoding ${JSON.stringify(encoding)}: use base64 or base58`)
  let wire: Uint8Array
  try {
    if (encoding === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw new Error('not base64')
    wire = new Uint8Array((encoding === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(encoded))
  } catch (error) {
    throw invalid(`invalid ${encoding} encoding: ${(error as Error).message}`, error)
  }
  if (wire.length > maxTransactionBytes)
    throw invalid(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: encoded/raw ${maxTransactionBytes})`,
    )
  try {
    const transaction = getTransactionDecoder().decode(wire)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    return { transaction, message, wire }
  } catch (error) {
    throw invalid(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
      error,
    )
  }
}
