import { type Address, getCompiledTransactionMessageEncoder } from '@solana/kit'
import { RpcError } from '../../gateway/RpcError.js'
import {
  type DecodedSolanaTransaction,
  maxSolanaTransactionBytes,
  type SolanaCompiledMessage,
} from './decodeSolanaTransaction.js'

export type SetSolanaFeePayerReturnType = DecodedSolanaTransaction & {
  /** True when the payer was rewritten (every other signature slot is then empty). */
  rewritten: boolean
}

/**
 * Makes `feePayer` the transaction's fee payer (account 0), leaving its signature slot empty. A message
 * built with the fee payer already first is kept as is, with the signatures it carries. Otherwise the
 * fee payer is put first: one more required signer, every instruction's account and program index
 * shifted by one; the other signers' slots are emptied (they signed another message) and they sign the
 * returned one. Refuses (`INVALID_PARAMS`) a message that would outgrow a packet.
 *
 * Whether the fee payer is then used by an instruction is `assertFeePayerOnlyPaysFees`'s question.
 *
 * @example
 * const { message, messageBytes, signatures } = setSolanaFeePayer(decodeSolanaTransaction(base64), feePayer.address)
 */
export function setSolanaFeePayer(
  transaction: DecodedSolanaTransaction,
  feePayer: string,
): SetSolanaFeePayerReturnType {
  const { message } = transaction
  if (message.staticAccounts[0] === feePayer)
    return { ...transaction, signatures: [null, ...transaction.signatures.slice(1)], rewritten: false }
  const shifted: SolanaCompiledMessage = {
    ...message,
    header: { ...message.header, numSignerAccounts: message.header.numSignerAccounts + 1 },
    staticAccounts: [feePayer as Address, ...message.staticAccounts],
    instructions: message.instructions.map((instruction) => ({
      ...instruction,
      programAddressIndex: instruction.programAddressIndex + 1,
      ...(instruction.accountIndices
        ? { accountIndices: instruction.accountIndices.map((index) => index + 1) }
        : {}),
    })),
  }
  const messageBytes = new Uint8Array(getCompiledTransactionMessageEncoder().encode(shifted))
  const signatures = Array.from<Uint8Array | null>({ length: shifted.header.numSignerAccounts }).fill(null)
  const wireBytes = (signatures.length > 127 ? 2 : 1) + 64 * signatures.length + messageBytes.length
  if (wireBytes > maxSolanaTransactionBytes)
    throw new RpcError(
      'INVALID_PARAMS',
      `the transaction would weigh ${wireBytes} bytes with the fee payer added, more than the ${maxSolanaTransactionBytes} allowed`,
    )
  return { message: shifted, messageBytes, signatures, rewritten: true }
}
