import {
  type SendSolanaTransactionReturnType,
  type SolanaConnection,
  type SolanaSigner,
  type SolanaTransfer,
  sendSolanaTransaction,
} from '@sigil/core'
import type { Instruction } from '@solana/kit'
import { useMutation } from '@tanstack/react-query'
import { useContext } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'
import { SigilSolanaContext } from '../solana/SigilSolanaContext.js'
import type { MutationParameters } from './MutationParameters.js'
import { useSolanaSigner } from './useSolanaSigner.js'

export type SolanaTransactionVariables =
  | { transfer: SolanaTransfer }
  | { instructions: readonly Instruction[] }

export type SolanaTransactionResult = SendSolanaTransactionReturnType

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
 * Sends a Solana transaction signed by the user (core `sendSolanaTransaction`): a SOL `transfer` or
 * the given `instructions`, sponsored (the gateway's fee payer pays the fee) when a `policyId` comes
 * from the options or the context, else paid by the user; `data.hash` is its signature once
 * `confirmed`. Without a signer or a connection it fails with 'Not ready'.
 *
 * @example
 * const { mutate, data, isPending, error } = useSolanaTransaction()
 * mutate({ transfer: { amount: 1_000_000, toAddress } }) // then data.hash is the signature
 */
export function useSolanaTransaction(
  parameters: UseSolanaTransactionParameters = {},
): UseSolanaTransactionReturnType {
  const { config } = useSigilContext('useSolanaTransaction')
  const context = useContext(SigilSolanaContext)
  const userSigner = useSolanaSigner()
  const signer = parameters.signer ?? userSigner
  const connection = parameters.connection ?? context?.connection
  const policyId = parameters.policyId ?? context?.policyId
  const { mutate, mutateAsync, data, isPending, error, reset } = useMutation({
    ...parameters.mutation,
    mutationKey: ['solanaTransaction'],
    mutationFn: (variables: SolanaTransactionVariables) =>
      sendSolanaTransaction(config, { ...variables, signer, connection, policyId }),
  })
  return { signer, connection, data, isPending, error, reset, mutate, mutateAsync }
}
