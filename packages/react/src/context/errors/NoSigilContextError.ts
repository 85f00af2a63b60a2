import { BaseError } from '@sigil/protocol'

/**
 * A Sigil hook was used outside `<SigilProvider>` (and given no `config`): Account Kit's
 * `NoAlchemyAccountContextError` under Sigil's name.
 *
 * @example
 * useUser() // outside the provider: NoSigilContextError: useUser must be used within a SigilProvider
 */
export class NoSigilContextError extends BaseError {
  override name = 'NoSigilContextError' as const

  constructor(hookName: string) {
    super(`${hookName} must be used within a SigilProvider`, {
      details: 'Wrap the app in <SigilProvider config={config} queryClient={queryClient}>.',
    })
  }
}
