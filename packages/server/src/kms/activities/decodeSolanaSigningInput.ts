import {
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getShortU16Decoder,
  getShortU16Encoder,
} from '@solana/kit'

export type SolanaSigningInput = {
  /** The wire transaction: the signature count, the signatures (zeros where missing), the message. */
  transaction: Uint8Array
  /** Where the signatures start in `transaction` (after the count). */
  signaturesOffset: number
  /** The message exactly as signed. */
  messageBytes: Uint8Array
  /** The accounts that must sign, in signature order (base58). */
  signers: string[]
}

/**
 * Reads what a Solana `sign_transaction` request carries: a wire transaction (legacy or v0, its
 * signature slots filled or zero) or a bare compiled message, which gets zeroed slots for its signers.
 * Returns undefined for bytes that are neither (trailing bytes, a signature count that does not match
 * the message header, a version 1 message).
 *
 * @example
 * const input = decodeSolanaSigningInput(hexToBytes(unsignedTransaction))
 */
export function decodeSolanaSigningInput(bytes: Uint8Array): SolanaSigningInput | undefined {
  const asTransaction = decodeWireTransaction(bytes)
  if (asTransaction) return asTransaction
  const message = decodeMessage(bytes)
  if (!message) return undefined
  const count = new Uint8Array(getShortU16Encoder().encode(message.signers.length))
  const transaction = new Uint8Array(count.length + 64 * message.signers.length + bytes.length)
  transaction.set(count, 0)
  transaction.set(bytes, count.length + 64 * message.signers.length)
  return { transaction, signaturesOffset: count.length, messageBytes: bytes, signers: message.signers }
}

function decodeWireTransaction(bytes: Uint8Array): SolanaSigningInput | undefined {
  let count: number
  let offset: number
  try {
    ;[count, offset] = getShortU16Decoder().read(bytes, 0)
  } catch {
    return undefined
  }
  const messageOffset = offset + 64 * count
  if (count < 1 || messageOffset >= bytes.length) return undefined
  const messageBytes = bytes.slice(messageOffset)
  const message = decodeMessage(messageBytes)
  if (!message || message.signers.length !== count) return undefined
  return { transaction: bytes.slice(), signaturesOffset: offset, messageBytes, signers: message.signers }
}

/** A legacy or v0 compiled message that encodes back to exactly `bytes`, and its signers. */
function decodeMessage(bytes: Uint8Array): { signers: string[] } | undefined {
  try {
    const message = getCompiledTransactionMessageDecoder().decode(bytes)
    if (message.version !== 'legacy' && message.version !== 0) return undefined
    const reencoded = new Uint8Array(getCompiledTransactionMessageEncoder().encode(message))
    if (reencoded.length !== bytes.length || reencoded.some((byte, index) => byte !== bytes[index]))
      return undefined
    const signerCount = message.header.numSignerAccounts
    if (signerCount < 1 || signerCount > message.staticAccounts.length) return undefined
    return { signers: message.staticAccounts.slice(0, signerCount).map(String) }
  } catch {
    return undefined
  }
}
