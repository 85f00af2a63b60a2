import { type SetEmailParameters, setEmail } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSetEmailParameters = MutationParameters<void, SetEmailParameters>

export type UseSetEmailReturnType = {
  /** Sets the user's email with the code `useSendVerificationCode` sent. */
  setEmail: (parameters: SetEmailParameters) => void
  setEmailAsync: (parameters: SetEmailParameters) => Promise<void>
  isSettingEmail: boolean
  error: Error | null
}

/**
 * Makes a proven email the signed-in user's sign-in email (core `setEmail`; Account Kit's hook,
 * without its legacy unverified form).
 *
 * @example
 * const { setEmail } = useSetEmail()
 * setEmail({ verificationCode: '123456' })
 */
export function useSetEmail(parameters: UseSetEmailParameters = {}): UseSetEmailReturnType {
  const { config } = useSigilContext('useSetEmail')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['setEmail'],
    mutationFn: async (variables: SetEmailParameters) => {
      await setEmail(config, variables)
    },
  })
  return {
    setEmail: (variables) => mutate(variables),
    setEmailAsync: (variables) => mutateAsync(variables),
    isSettingEmail: isPending,
    error,
  }
}
