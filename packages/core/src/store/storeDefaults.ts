/** The storage key of the persisted app state (docs/account-kit.md#core, docs/account-kit.md#constants). */
export const storageKey = 'alchemy-account-state'

/** The persisted state's version (docs/account-kit.md#core); older stored state is rebuilt from the config. */
export const storageVersion = 14

/** How long the persisted cookie of `cookieStorage` lasts (docs/account-kit.md#constants): 34 560 000 ms. */
export const cookieLifetimeMs = 34_560_000
