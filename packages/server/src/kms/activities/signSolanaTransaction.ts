import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { SigilContext } from '../../SigilContext.js'
import { findSigningAccount } from '../wallets/findSigningAccount.js'
import { signPayloads } from '../wallets/signPayloads.js'
import { decodeSolanaSigningInput } from './decodeSolanaSigningInput.js'
import { signTransactionError } from './signTransactionError.js'

export type SignSolanaTransactionParameters = {
  organizationId: string
  signWith: string
  /** Hex of a wire transaction (legacy or v0) or of a bare compiled message, `0x` optional. */
  unsignedTransaction: string
}

/**
 * Signs a Solana transaction as the account `signWith` names: the Ed25519 signature over the message
 * goes into that account's signature slot; the other slots stay as sent (zeros for signers still to
 * come). A bare message comes back as a wire transaction with its slots. The answer is hex without
 * `0x` (docs/protocol.md#sign-transaction).
 *
 * @example
 * const signed = await signSolanaTransaction(ctx, { organizationId, signWith: '7EcD…', unsignedTransaction: '0100…' })
 */
export async function signSolanaTransaction(
  ctx: SigilContext,
  parameters: SignSolanaTransactionParameters,
): Promise<string> {
  const hex = parameters.unsignedTransaction.replace(/^0x/, '')
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex))
    throw signTransactionError('TRANSACTION_TYPE_SOLANA takes an even number of hex digits (0x optional)')
  const input = decodeSolanaSigningInput(hexToBytes(hex))
  if (!input)
    throw signTransactionError(
      'TRANSACTION_TYPE_SOLANA takes a legacy or v0 wire transaction or compiled message, with nothing after it',
    )
  const account = await findSigningAccount(ctx, parameters)
  const slot = input.signers.indexOf(account.address)
  if (account.curve !== 'CURVE_ED25519' || slot < 0)
    throw signTransactionError(
      `TRANSACTION_TYPE_SOLANA: ${parameters.signWith} is not one of the transaction's signers`,
    )
  const [signature] = await signPayloads(ctx, {
    organizationId: parameters.organizationId,
    signWith: parameters.signWith,
    payloads: [bytesToHex(input.messageBytes)],
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
  })
  input.transaction.set(hexToBytes(signature!.r + signature!.s), input.signaturesOffset + 64 * slot)
  return bytesToHex(input.transaction)
}
