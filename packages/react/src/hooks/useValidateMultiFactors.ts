import {
  type ValidateMultiFactorsParameters,
  type ValidateMultiFactorsReturnType,
  validateMultiFactors,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseValidateMultiFactorsParameters = MutationParameters<
  ValidateMultiFactorsReturnType,
  ValidateMultiFactorsParameters
>

export type UseValidateMultiFactorsReturnType = {
  validateMultiFactors: (parameters: ValidateMultiFactorsParameters) => void
  validateMultiFactorsAsync: (
    parameters: ValidateMultiFactorsParameters,
  ) => Promise<ValidateMultiFactorsReturnType>
  isValidating: boolean
  error: Error | null
}

/**
 * Finishes a sign-in that stopped at AWAITING_MFA_AUTH with the user's authenticator-app code
 * (core `validateMultiFactors`); the status becomes CONNECTED. A wrong code keeps the status, so the
 * user can try again.
 *
 * @example
 * const { status } = useSignerStatus()
 * const { validateMultiFactors, isValidating } = useValidateMultiFactors()
 * if (status === 'AWAITING_MFA_AUTH') validateMultiFactors({ multiFactorCode: '123456' })
 */
export function useValidateMultiFactors(
  parameters: UseValidateMultiFactorsParameters = {},
): UseValidateMultiFactorsReturnType {
  const { config } = useSigilContext('useValidateMultiFactors')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['validateMultiFactors'],
    mutationFn: (variables: ValidateMultiFactorsParameters) => validateMultiFactors(config, variables),
  })
  return {
    validateMultiFactors: mutate,
    validateMultiFactorsAsync: mutateAsync,
    isValidating: isPending,
    error,
  }
}
