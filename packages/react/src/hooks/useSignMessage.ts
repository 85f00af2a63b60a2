import { type SignMessageParameters, type SignMessageReturnType, signMessage } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSignMessageParameters = MutationParameters<SignMessageReturnType, SignMessageParameters>

export type UseSignMessageReturnType = {
  signMessage: (parameters: SignMessageParameters) => void
  signMessageAsync: (parameters: SignMessageParameters) => Promise<SignMessageReturnType>
  /** The last signature. */
  signedMessage: SignMessageReturnType | undefined
  isSigningMessage: boolean
  error: Error | null
}

/**
 * Signs an EIP-191 message (core `signMessage`) with the signed-in user's key, or, while an external
 * wallet is connected (`useConnect`), with that wallet (`personal_sign`).
 *
 * @example
 * const { signMessage, signedMessage, isSigningMessage } = useSignMessage()
 * signMessage({ message: 'hello' })
 */
export function useSignMessage(parameters: UseSignMessageParameters = {}): UseSignMessageReturnType {
  const { config, wallets } = useSigilContext('useSignMessage')
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['signMessage'],
    mutationFn: ({ message }: SignMessageParameters) =>
      signMessage(config, { message, wallet: wallets.getState().connection }),
  })
  return {
    signMessage: mutate,
    signMessageAsync: mutateAsync,
    signedMessage: data,
    isSigningMessage: isPending,
    error,
  }
}
