import type { Address, Instruction, Transaction } from '@solana/kit'
import type { GatewayStamp } from '../actions/stampGatewayRequest.js'
import { SignerError } from '../errors/SignerError.js'
import { createSolanaTransfer } from './createSolanaTransfer.js'
import { requestSolanaRpc } from './requestSolanaRpc.js'
import type { SolanaConnection } from './SolanaConnection.js'

export type AddSolanaSponsorshipParameters = {
  /** The user: the payer of the message sent to the fee payer service (which rewrites the payer). */
  feePayer: Address
  instructions: readonly Instruction[]
  connection: SolanaConnection
  policyId: string
  fetch?: typeof fetch | undefined
  /**
   * Stamps the `alchemy_requestFeePayer` body as the signed-in user's session, so `signed-in` policies
   * sponsor the user (`stampGatewayRequest`); the blockhash read stays unstamped.
   */
  stamp?: ((body: string) => Promise<GatewayStamp | undefined>) | undefined
}

/**
 * Asks the connection's fee payer service to pay for `instructions` (docs/account-kit.md#signer): builds the
 * unsigned v0 transaction with the user as payer on the `finalized` blockhash, sends it base64 to
 * `alchemy_requestFeePayer` with `policyId` (stamped by `stamp`, when given), and answers the transaction the service returns (its fee
 * payer set and signed; the user's signature still to add). A refusal throws `SolanaRpcError` with the
 * service's message; an answer without `serializedTransaction` throws `SignerError`.
 *
 * @example
 * const sponsored = await addSolanaSponsorship({ feePayer: solana.address, instructions, connection, policyId })
 */
export async function addSolanaSponsorship({
  feePayer,
  instructions,
  connection,
  policyId,
  fetch,
  stamp,
}: AddSolanaSponsorshipParameters): Promise<Transaction> {
  // Named where loaded, so a bundler keeps only these of `@solana/kit` (an optional peer).
  const { getBase64EncodedWireTransaction, getBase64Encoder, getTransactionDecoder } = await import(
    '@solana/kit'
  )
  const unsigned = await createSolanaTransfer({
    feePayer,
    instructions,
    connection,
    commitment: 'finalized',
    fetch,
  })
  const result = await requestSolanaRpc<{ serializedTransaction?: unknown } | null>({
    connection,
    method: 'alchemy_requestFeePayer',
    params: [{ policyId, serializedTransaction: getBase64EncodedWireTransaction(unsigned) }],
    fetch,
    stamp,
  })
  const serialized = result?.serializedTransaction
  if (typeof serialized !== 'string' || serialized === '')
    throw new SignerError(`Response doesn't include the serializedTransaction ${JSON.stringify(result)}`)
  return getTransactionDecoder().decode(getBase64Encoder().encode(serialized))
}
