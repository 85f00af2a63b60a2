import { type AuthenticateParameters, type AuthenticateReturnType, authenticate } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseAuthenticateParameters = MutationParameters<AuthenticateReturnType, AuthenticateParameters>

export type UseAuthenticateReturnType = {
  /** Starts a sign-in (`email`, `otp`, `passkey`, `oauth`, `oauthReturn`, `custom-jwt`); the result comes through the options' callbacks. */
  authenticate: (parameters: AuthenticateParameters) => void
  /** The same, resolving with the user. */
  authenticateAsync: (parameters: AuthenticateParameters) => Promise<AuthenticateReturnType>
  isPending: boolean
  error: Error | null
}

/**
 * Signs a user in (core `authenticate`), as a TanStack mutation with key `['authenticate']`.
 * Watch `useSignerStatus` for the steps (AWAITING_EMAIL_AUTH, AWAITING_MFA_AUTH, CONNECTED).
 *
 * @example
 * const { authenticate, isPending } = useAuthenticate({ onError: (error) => show(error.message) })
 * authenticate({ type: 'email', email: 'ada@example.com' }) // a code is mailed
 * authenticate({ type: 'otp', otpCode: '123456' }) // → CONNECTED
 * authenticate({ type: 'custom-jwt', jwt }) // a JWT your backend minted → CONNECTED
 */
export function useAuthenticate(parameters: UseAuthenticateParameters = {}): UseAuthenticateReturnType {
  const { config } = useSigilContext('useAuthenticate')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['authenticate'],
    mutationFn: (variables: AuthenticateParameters) => authenticate(config, variables),
  })
  return { authenticate: mutate, authenticateAsync: mutateAsync, isPending, error }
}
