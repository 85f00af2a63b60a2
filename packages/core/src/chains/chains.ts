/**
 * The chains Sigil supports (docs/protocol.md#gateway-methods), under the names `@account-kit/infra` gives
 * them: viem's own definitions, as `@sigil/accounts/chains` lists them (one list for both packages).
 * Sigil adds no provider RPC URLs, since a self-hosted stack brings its own node and bundler per chain
 * (`createConfig` `chains[].rpcUrl` / `transport`).
 */
export * from '@sigil/accounts/chains'
