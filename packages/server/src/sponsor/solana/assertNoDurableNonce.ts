import { RpcError } from '../../gateway/RpcError.js'
import type { SolanaCompiledMessage } from './decodeSolanaTransaction.js'

/** The System program, which owns nonce accounts. */
const systemProgram = '11111111111111111111111111111111'
/** `SystemInstruction::AdvanceNonceAccount`: its index in the System program's instruction enum (u32, little-endian). */
const advanceNonceAccount = 4

/**
 * Refuses (`POLICY_REFUSED`) a durable-nonce transaction: one whose first instruction is the System
 * program's `AdvanceNonceAccount`. Such a transaction carries a nonce instead of a recent blockhash and
 * stays valid until the nonce advances, possibly forever: a co-signature on it could be spent at any
 * later time, after the policy is disabled or its budget period is over. The fee payer signs only
 * transactions that expire with their blockhash (about a minute).
 *
 * @example
 * assertNoDurableNonce(message) // throws for [AdvanceNonceAccount, transfer]
 */
export function assertNoDurableNonce(message: SolanaCompiledMessage): void {
  const first = message.instructions[0]
  if (!first || message.staticAccounts[first.programAddressIndex] !== systemProgram) return
  const data = first.data ?? new Uint8Array()
  // The runtime reads the discriminant alone (bincode ignores trailing bytes): so does this check.
  if (data.length < 4) return
  const discriminant = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true)
  if (discriminant === advanceNonceAccount)
    throw new RpcError(
      'POLICY_REFUSED',
      "The transaction's first instruction advances a durable nonce (System program AdvanceNonceAccount): a durable-nonce transaction never expires, so the fee payer signs only transactions on a recent blockhash",
    )
}
