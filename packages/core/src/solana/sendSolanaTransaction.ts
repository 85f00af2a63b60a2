import {
  type SolanaConnection,
  type SolanaSigner,
  sendSolanaTransaction as sendSignedSolanaTransaction,
} from '@sigil/signer'
import type { Instruction } from '@solana/kit'
import type { SigilConfig } from '../createConfig.js'
import { SolanaNotReadyError } from './errors/SolanaNotReadyError.js'
import { getSolanaSigner } from './getSolanaSigner.js'
import { type SolanaTransfer, toSolanaTransferInstruction } from './toSolanaTransferInstruction.js'

export type SendSolanaTransactionParameters = (
  | { transfer: SolanaTransfer }
  | { instructions: readonly Instruction[] }
) & {
  /** Without the key: the signed-in user's (`getSolanaSigner`); `undefined`: there is none. */
  signer?: SolanaSigner | undefined
  /** The Solana RPC endpoint; for sponsored transactions the Sigil gateway's `/rpc/solana-…/<apiKey>`. */
  connection: SolanaConnection | undefined
  /** Sponsor with this Solana policy (the gateway's fee payer pays the fee); none: the user pays. */
  policyId?: string | undefined
}

export type SendSolanaTransactionReturnType = {
  /** The transaction's signature (base58), once confirmed. */
  hash: string
}

/**
 * Sends a Solana transaction signed by the user: a SOL `transfer` or the given `instructions`,
 * sponsored (`addSponsorship`: the gateway's fee payer pays the fee) when a `policyId` is given,
 * else paid by the user (`createTransfer`); then `addSignature` and `@sigil/signer`'s
 * `sendSolanaTransaction` until `confirmed`, reaching the connection with the signer's `fetch`.
 * Without a signer or a connection it throws `SolanaNotReadyError` ('Not ready').
 *
 * @example
 * const { hash } = await sendSolanaTransaction(config, {
 *   transfer: { amount: 1_000_000, toAddress },
 *   connection: { rpcUrl: gatewayUrl },
 *   policyId,
 * })
 */
export async function sendSolanaTransaction(
  config: SigilConfig,
  parameters: SendSolanaTransactionParameters,
): Promise<SendSolanaTransactionReturnType> {
  const { connection, policyId } = parameters
  const signer = 'signer' in parameters ? parameters.signer : getSolanaSigner(config)
  if (!signer || !connection) throw new SolanaNotReadyError()
  const instructions =
    'instructions' in parameters
      ? parameters.instructions
      : [await toSolanaTransferInstruction(signer.address, parameters.transfer)]
  const transaction = policyId
    ? await signer.addSponsorship(instructions, connection, policyId)
    : await signer.createTransfer(instructions, connection)
  const hash = await sendSignedSolanaTransaction(await signer.addSignature(transaction), connection, {
    commitment: 'confirmed',
    fetch: config.store.getState().signer?.fetch,
  })
  return { hash }
}
