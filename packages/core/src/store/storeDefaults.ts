/** The storage key of the persisted app state (reference §2.2, §6). */
export const storageKey = 'alchemy-account-state'

/** The persisted state's version (spec §4, §9); older stored state is rebuilt from the config. */
export const storageVersion = 14

/** How long the persisted cookie of `cookieStorage` lasts (spec §9): 34 560 000 ms. */
export const cookieLifetimeMs = 34_560_000
