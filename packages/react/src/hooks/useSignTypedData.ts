import {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  type SignTypedDataSigners,
  signTypedData,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSignTypedDataVariables = { typedData: SignTypedDataParameters }

export type UseSignTypedDataParameters = MutationParameters<
  SignTypedDataReturnType,
  UseSignTypedDataVariables
> & {
  /** A smart-account client (`useSmartAccountClient`): sign as its account (ERC-1271, EIP-6492 before deployment). */
  client?: SignTypedDataSigners['client']
}

export type UseSignTypedDataReturnType = {
  signTypedData: (variables: UseSignTypedDataVariables) => void
  signTypedDataAsync: (variables: UseSignTypedDataVariables) => Promise<SignTypedDataReturnType>
  /** The last signature. */
  signedTypedData: SignTypedDataReturnType | undefined
  isSigningTypedData: boolean
  error: Error | null
}

/**
 * Signs EIP-712 typed data (core `signTypedData`): while an external wallet is connected, with that
 * wallet (`eth_signTypedData_v4`); given a smart-account `client`, as the smart account (an ERC-1271
 * signature that verifies against the account's address, EIP-6492-wrapped while it is not deployed);
 * otherwise with the signed-in user's key.
 *
 * @example
 * const { client } = useSmartAccountClient({ type: 'LightAccount' })
 * const { signTypedData, signedTypedData } = useSignTypedData({ client })
 * signTypedData({
 *   typedData: {
 *     domain: { name: 'Demo', chainId: 1 },
 *     types: { Mail: [{ name: 'contents', type: 'string' }] },
 *     primaryType: 'Mail',
 *     message: { contents: 'hello' },
 *   },
 * })
 */
export function useSignTypedData({
  client,
  ...parameters
}: UseSignTypedDataParameters = {}): UseSignTypedDataReturnType {
  const { config, wallets } = useSigilContext('useSignTypedData')
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['signTypedData'],
    mutationFn: ({ typedData }: UseSignTypedDataVariables) =>
      signTypedData(config, { ...typedData, client, wallet: wallets.getState().connection }),
  })
  return {
    signTypedData: mutate,
    signTypedDataAsync: mutateAsync,
    signedTypedData: data,
    isSigningTypedData: isPending,
    error,
  }
}
