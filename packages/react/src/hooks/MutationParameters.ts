import type { UseMutationOptions } from '@tanstack/react-query'

/**
 * TanStack mutation options a mutation hook takes (docs/account-kit.md#react `BaseHookMutationArgs`):
 * everything but `mutationFn` and `mutationKey`, which the hook sets.
 *
 * @example
 * useAuthenticate({ onSuccess: (user) => navigate('/home'), onError: (error) => show(error) })
 */
export type MutationParameters<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn' | 'mutationKey'
>
