import { type SolanaSigner, signSolanaMessage } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'
import { useSolanaSigner } from './useSolanaSigner.js'

export type SolanaSignMessageVariables = {
  /** Signed as its UTF-8 bytes. */
  message: string
}

export type UseSolanaSignMessageParameters = {
  /** Default: the signed-in user's (`useSolanaSigner`). */
  signer?: SolanaSigner | undefined
  mutation?: MutationParameters<`0x${string}`, SolanaSignMessageVariables> | undefined
}

export type UseSolanaSignMessageReturnType = {
  signer: SolanaSigner | undefined
  /** The last signature: 64 bytes ed25519, hex. */
  data: `0x${string}` | undefined
  isPending: boolean
  error: Error | null
  reset: () => void
  mutate: (variables: SolanaSignMessageVariables) => void
  mutateAsync: (variables: SolanaSignMessageVariables) => Promise<`0x${string}`>
}

/**
 * Signs a text message with the user's Solana key (core `signSolanaMessage`: ed25519 over its UTF-8
 * bytes); `data` is the signature in hex. Without a Solana signer it fails with 'Not ready'.
 *
 * @example
 * const { mutate, data } = useSolanaSignMessage()
 * mutate({ message: 'hello' }) // data: 0x… (64 bytes)
 */
export function useSolanaSignMessage(
  parameters: UseSolanaSignMessageParameters = {},
): UseSolanaSignMessageReturnType {
  const { config } = useSigilContext('useSolanaSignMessage')
  const userSigner = useSolanaSigner()
  const signer = parameters.signer ?? userSigner
  const { mutate, mutateAsync, data, isPending, error, reset } = useMutation({
    ...parameters.mutation,
    mutationKey: ['solanaSignMessage'],
    mutationFn: ({ message }: SolanaSignMessageVariables) => signSolanaMessage(config, { message, signer }),
  })
  return { signer, data, isPending, error, reset, mutate, mutateAsync }
}
