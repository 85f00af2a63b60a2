import { type SolanaConnection, type SolanaSigner, sendSolanaTransaction } from '@sigil/signer'
import type { Instruction } from '@solana/kit'
import { useMutation } from '@tanstack/react-query'
import { useContext } from 'react'
import { SolanaNotReadyError } from '../context/errors/SolanaNotReadyError.js'
import { SigilSolanaContext } from '../solana/SigilSolanaContext.js'
import { type SolanaTransfer, toSolanaTransferInstruction } from '../solana/toSolanaTransferInstruction.js'
import type { MutationParameters } from './MutationParameters.js'
import { useSigner } from './useSigner.js'
import { useSolanaSigner } from './useSolanaSigner.js'

export type SolanaTransactionVariables =
  | { transfer: SolanaTransfer }
  | { instructions: readonly Instruction[] }

export type SolanaTransactionResult = {
  /** The transaction's signature (base58), once confirmed. */
  hash: string
}

export type UseSolanaTransactionParameters = {
  /** Default: the signed-in user's (`useSolanaSigner`). */
  signer?: SolanaSigner | undefined
  /** Default: `SigilSolanaContext`'s. */
  connection?: SolanaConnection | undefined
  /** Sponsor with this Solana policy; default: `SigilSolanaContext`'s (none: the user pays the fee). */
  policyId?: string | undefined
  mutation?: MutationParameters<SolanaTransactionResult, SolanaTransactionVariables> | undefined
}

export type UseSolanaTransactionReturnType = {
  signer: SolanaSigner | undefined
  connection: SolanaConnection | undefined
  /** The last confirmed transaction. */
  data: SolanaTransactionResult | undefined
  isPending: boolean
  error: Error | null
  reset: () => void
  mutate: (variables: SolanaTransactionVariables) => void
  mutateAsync: (variables: SolanaTransactionVariables) => Promise<SolanaTransactionResult>
}

/**
 * Sends a Solana transaction signed by the user (reference §3, Solana): a SOL `transfer` or the given
 * `instructions`, sponsored (`addSponsorship`: the gateway's fee payer pays the fee) when a `policyId`
 * comes from the options or the context, else paid by the user (`createTransfer`); then `addSignature`
 * and `sendSolanaTransaction` until `confirmed`. Without a signer or a connection it fails with 'Not ready'.
 *
 * @example
 * const { mutate, data, isPending, error } = useSolanaTransaction()
 * mutate({ transfer: { amount: 1_000_000, toAddress } }) // then data.hash is the signature
 */
export function useSolanaTransaction(
  parameters: UseSolanaTransactionParameters = {},
): UseSolanaTransactionReturnType {
  const context = useContext(SigilSolanaContext)
  const userSigner = useSolanaSigner()
  const sigilSigner = useSigner()
  const signer = parameters.signer ?? userSigner
  const connection = parameters.connection ?? context?.connection
  const policyId = parameters.policyId ?? context?.policyId
  const { mutate, mutateAsync, data, isPending, error, reset } = useMutation({
    ...parameters.mutation,
    mutationKey: ['solanaTransaction'],
    mutationFn: async (variables: SolanaTransactionVariables): Promise<SolanaTransactionResult> => {
      if (!signer || !connection) throw new SolanaNotReadyError()
      const instructions =
        'instructions' in variables
          ? variables.instructions
          : [await toSolanaTransferInstruction(signer.address, variables.transfer)]
      const transaction = policyId
        ? await signer.addSponsorship(instructions, connection, policyId)
        : await signer.createTransfer(instructions, connection)
      const hash = await sendSolanaTransaction(await signer.addSignature(transaction), connection, {
        commitment: 'confirmed',
        fetch: sigilSigner?.fetch,
      })
      return { hash }
    },
  })
  return { signer, connection, data, isPending, error, reset, mutate, mutateAsync }
}
