import {
  type CompiledTransactionMessageWithLifetime,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { RpcError } from '../../gateway/RpcError.js'

/** The most a Solana wire transaction may weigh (a network packet's payload). */
export const maxSolanaTransactionBytes = 1232

/** A legacy or v0 message as compiled on the wire. */
export type SolanaCompiledMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) &
  CompiledTransactionMessageWithLifetime

export type DecodedSolanaTransaction = {
  message: SolanaCompiledMessage
  /** The message exactly as signed. */
  messageBytes: Uint8Array
  /** One per required signer, in the message's order; null: not signed yet (all-zero on the wire). */
  signatures: (Uint8Array | null)[]
}

const invalid = (reason: string, cause?: unknown) =>
  new RpcError('INVALID_PARAMS', `serializedTransaction is not a Solana wire transaction: ${reason}`, {
    cause,
  })

/**
 * Decodes a base64 wire transaction (legacy or v0, signatures first) into its compiled message and its
 * signatures. Refuses (`INVALID_PARAMS`, naming why) anything that is not base64, weighs more than a
 * packet, does not decode to exactly one message, lists an account twice or points an instruction at an
 * account it does not have.
 *
 * @example
 * const { message, signatures } = decodeSolanaTransaction(params.serializedTransaction)
 */
export function decodeSolanaTransaction(base64: string): DecodedSolanaTransaction {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) throw invalid('not base64')
  const bytes = new Uint8Array(getBase64Encoder().encode(base64))
  if (bytes.length > maxSolanaTransactionBytes)
    throw invalid(`${bytes.length} bytes, more than the ${maxSolanaTransactionBytes} a transaction may weigh`)
  let message: SolanaCompiledMessage
  let messageBytes: Uint8Array
  let signatureMap: Record<string, Uint8Array | null>
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    messageBytes = new Uint8Array(transaction.messageBytes)
    signatureMap = transaction.signatures as Record<string, Uint8Array | null>
    const decoded = getCompiledTransactionMessageDecoder().decode(messageBytes)
    if (decoded.version === 1) throw invalid('version 1 messages are not supported; send a legacy or v0 one')
    message = decoded
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw invalid((error as Error).message, error)
  }
  let reencoded: Uint8Array
  try {
    reencoded = new Uint8Array(getCompiledTransactionMessageEncoder().encode(message))
  } catch (error) {
    throw invalid((error as Error).message, error)
  }
  if (
    reencoded.length !== messageBytes.length ||
    reencoded.some((byte, index) => byte !== messageBytes[index])
  )
    throw invalid('bytes after the message')
  const { staticAccounts, header, instructions } = message
  if (new Set(staticAccounts).size !== staticAccounts.length) throw invalid('an account is listed twice')
  if (header.numSignerAccounts < 1 || header.numSignerAccounts > staticAccounts.length)
    throw invalid('the header counts more signers than accounts')
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : []
  const accountCount =
    staticAccounts.length +
    lookups.reduce((sum, lookup) => sum + lookup.readonlyIndexes.length + lookup.writableIndexes.length, 0)
  for (const instruction of instructions)
    for (const index of [instruction.programAddressIndex, ...(instruction.accountIndices ?? [])])
      if (index >= accountCount) throw invalid(`an instruction uses account ${index} of ${accountCount}`)
  const signatures = staticAccounts.slice(0, header.numSignerAccounts).map((address) => {
    const signature = signatureMap[address]
    return signature ? new Uint8Array(signature) : null
  })
  return { message, messageBytes, signatures }
}
