/**
 * `@sigil/accounts/chains`: the chain list and `sigilDevnet` alone, for code that names chains without
 * loading the account and client code (`@sigil/core` re-exports it and loads the rest on first use).
 *
 * @example
 * import { base, sigilDevnet } from '@sigil/accounts/chains'
 */
export * from './chains/chains.js'
export { sigilDevnet } from './chains/sigilDevnet.js'
