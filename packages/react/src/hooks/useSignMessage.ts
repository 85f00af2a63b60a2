import { type SignMessageParameters, type SignMessageReturnType, signMessage } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSignMessageVariables = Pick<SignMessageParameters, 'message'>

export type UseSignMessageParameters = MutationParameters<SignMessageReturnType, UseSignMessageVariables> & {
  /** A smart-account client (`useSmartAccountClient`): sign as its account (ERC-1271, EIP-6492 before deployment). */
  client?: SignMessageParameters['client']
}

export type UseSignMessageReturnType = {
  signMessage: (variables: UseSignMessageVariables) => void
  signMessageAsync: (variables: UseSignMessageVariables) => Promise<SignMessageReturnType>
  /** The last signature. */
  signedMessage: SignMessageReturnType | undefined
  isSigningMessage: boolean
  error: Error | null
}

/**
 * Signs an EIP-191 message (core `signMessage`): while an external wallet is connected (`useConnect`),
 * with that wallet (`personal_sign`); given a smart-account `client`, as the smart account (an ERC-1271
 * signature that verifies against the account's address, EIP-6492-wrapped while it is not deployed);
 * otherwise with the signed-in user's key.
 *
 * @example
 * const { client } = useSmartAccountClient({ type: 'LightAccount' })
 * const { signMessage, signedMessage, isSigningMessage } = useSignMessage({ client })
 * signMessage({ message: 'hello' })
 */
export function useSignMessage({
  client,
  ...parameters
}: UseSignMessageParameters = {}): UseSignMessageReturnType {
  const { config, wallets } = useSigilContext('useSignMessage')
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['signMessage'],
    mutationFn: ({ message }: UseSignMessageVariables) =>
      signMessage(config, { message, client, wallet: wallets.getState().connection }),
  })
  return {
    signMessage: mutate,
    signMessageAsync: mutateAsync,
    signedMessage: data,
    isSigningMessage: isPending,
    error,
  }
}
