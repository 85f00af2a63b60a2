import type { SolanaSigner } from '@sigil/signer'
import { useMutation } from '@tanstack/react-query'
import { bytesToHex, stringToBytes } from 'viem'
import { SolanaNotReadyError } from '../context/errors/SolanaNotReadyError.js'
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
 * Signs a text message with the user's Solana key (ed25519 over its UTF-8 bytes); `data` is the
 * signature in hex. Without a Solana signer it fails with 'Not ready'.
 *
 * @example
 * const { mutate, data } = useSolanaSignMessage()
 * mutate({ message: 'hello' }) // data: 0x… (64 bytes)
 */
export function useSolanaSignMessage(
  parameters: UseSolanaSignMessageParameters = {},
): UseSolanaSignMessageReturnType {
  const userSigner = useSolanaSigner()
  const signer = parameters.signer ?? userSigner
  const { mutate, mutateAsync, data, isPending, error, reset } = useMutation({
    ...parameters.mutation,
    mutationKey: ['solanaSignMessage'],
    mutationFn: async ({ message }: SolanaSignMessageVariables) => {
      if (!signer) throw new SolanaNotReadyError()
      return bytesToHex(await signer.signMessage(stringToBytes(message)))
    },
  })
  return { signer, data, isPending, error, reset, mutate, mutateAsync }
}
