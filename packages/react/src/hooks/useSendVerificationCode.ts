import { type SendVerificationCodeParameters, sendVerificationCode } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseSendVerificationCodeParameters = MutationParameters<void, SendVerificationCodeParameters>

export type UseSendVerificationCodeReturnType = {
  /** Sends a code to `contact` (`type: 'email'` or `'sms'`) to prove it; then `useSetEmail` / `setPhoneNumber`. */
  sendVerificationCode: (parameters: SendVerificationCodeParameters) => void
  sendVerificationCodeAsync: (parameters: SendVerificationCodeParameters) => Promise<void>
  isSendingCode: boolean
  error: Error | null
}

/**
 * Sends a one-time code to an email or phone number (core `sendVerificationCode`; Account Kit's hook).
 *
 * @example
 * const { sendVerificationCode, isSendingCode } = useSendVerificationCode()
 * <button onClick={() => sendVerificationCode({ type: 'sms', contact: phone })}>Send code</button>
 */
export function useSendVerificationCode(
  parameters: UseSendVerificationCodeParameters = {},
): UseSendVerificationCodeReturnType {
  const { config } = useSigilContext('useSendVerificationCode')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['sendVerificationCode'],
    mutationFn: async (variables: SendVerificationCodeParameters) => {
      await sendVerificationCode(config, variables)
    },
  })
  return {
    sendVerificationCode: (variables) => mutate(variables),
    sendVerificationCodeAsync: (variables) => mutateAsync(variables),
    isSendingCode: isPending,
    error,
  }
}
