/**
 * The local development chain of Sigil's dev stack (`@sigil/devnet`: an anvil node on
 * 127.0.0.1:8545 with the EntryPoints, account factories, bundler and paymaster); the same object as
 * `@sigil/accounts`' `sigilDevnet`.
 *
 * @example
 * const config = createConfig({ connection: { rpcUrl: 'http://localhost:8787' }, chain: sigilDevnet })
 */
export { sigilDevnet } from '@sigil/accounts/chains'
