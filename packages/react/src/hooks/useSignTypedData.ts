import { type SignTypedDataParameters, type SignTypedDataReturnType, signTypedData } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSignTypedDataVariables = { typedData: SignTypedDataParameters }

export type UseSignTypedDataParameters = MutationParameters<
  SignTypedDataReturnType,
  UseSignTypedDataVariables
>

export type UseSignTypedDataReturnType = {
  signTypedData: (variables: UseSignTypedDataVariables) => void
  signTypedDataAsync: (variables: UseSignTypedDataVariables) => Promise<SignTypedDataReturnType>
  /** The last signature. */
  signedTypedData: SignTypedDataReturnType | undefined
  isSigningTypedData: boolean
  error: Error | null
}

/**
 * Signs EIP-712 typed data (core `signTypedData`) with the signed-in user's key, or, while an
 * external wallet is connected, with that wallet (`eth_signTypedData_v4`).
 *
 * @example
 * const { signTypedData, signedTypedData } = useSignTypedData()
 * signTypedData({
 *   typedData: {
 *     domain: { name: 'Demo', chainId: 1 },
 *     types: { Mail: [{ name: 'contents', type: 'string' }] },
 *     primaryType: 'Mail',
 *     message: { contents: 'hello' },
 *   },
 * })
 */
export function useSignTypedData(parameters: UseSignTypedDataParameters = {}): UseSignTypedDataReturnType {
  const { config, wallets } = useSigilContext('useSignTypedData')
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['signTypedData'],
    mutationFn: ({ typedData }: UseSignTypedDataVariables) =>
      signTypedData(config, { ...typedData, wallet: wallets.getState().connection }),
  })
  return {
    signTypedData: mutate,
    signTypedDataAsync: mutateAsync,
    signedTypedData: data,
    isSigningTypedData: isPending,
    error,
  }
}
