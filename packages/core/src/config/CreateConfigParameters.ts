import type { CreateSignerParameters } from '@sigil/signer'
import type { Chain, Transport } from 'viem'

/** One chain the app works on, and how it reaches it (docs/account-kit.md#core `chains`). */
export type ChainConnectionParameters = {
  chain: Chain
  /** The chain's JSON-RPC URL (node or bundler); default the chain's own. */
  rpcUrl?: string | undefined
  /** A viem transport for the chain; default the config's `transport`. */
  transport?: Transport | undefined
  /** The gas policy (or policies) for this chain; default the config's `policyId`. */
  policyId?: string | string[] | undefined
}

/** What `storage` is given: the session length and the cookie domain (for `cookieStorage`). */
export type CreateStorageParameters = {
  sessionLength?: number | undefined
  domain?: string | undefined
}

/** A `Storage` factory for the persisted app state, e.g. `cookieStorage`. */
export type CreateStorage = (parameters?: CreateStorageParameters) => Storage

export type CreateConfigParameters = {
  /** The Sigil server: its URL and the app's credential (`apiKey` or `jwt`). */
  connection: CreateSignerParameters['connection']
  /** The chain to start on; it must be one of `chains` when those are given. */
  chain: Chain
  /** Every chain the app works on; default `[{ chain, transport, policyId }]`. */
  chains?: ChainConnectionParameters[] | undefined
  /** The transport of `chain` (and of `chains` entries that have none). */
  transport?: Transport | undefined
  /** The gas policy of `chain` (and of `chains` entries that have none). */
  policyId?: string | string[] | undefined
  /** The signer session: key, storage, lifetime (default 900000 ms), and the cookie domain. */
  sessionConfig?:
    | (NonNullable<CreateSignerParameters['sessionConfig']> & { domain?: string | undefined })
    | undefined
  /** Where the app state is persisted; default `localStorage` in a browser, memory elsewhere. */
  storage?: CreateStorage | undefined
  /** Server rendering: storage is read by `hydrate(config).onMount()` on the client, not at creation. */
  ssr?: boolean | undefined
  /** Prepare popup OAuth when the signer starts (default false). */
  enablePopupOauth?: boolean | undefined
  /** The key frame: container (default `'alchemy-signer-iframe-container'`, made hidden if missing), element id, URLs. */
  iframeConfig?: Partial<NonNullable<CreateSignerParameters['iframeConfig']>> | undefined
  rpId?: CreateSignerParameters['rpId']
  rootOrgId?: CreateSignerParameters['rootOrgId']
  oauthCallbackUrl?: CreateSignerParameters['oauthCallbackUrl']
  /** Outside a browser (Node, tests): the key holder. Giving one lets a signer be made here. */
  stamper?: CreateSignerParameters['stamper']
  /** Outside a browser: the `fetch` the signer uses. */
  fetch?: CreateSignerParameters['fetch']
  /** Outside a browser: the window events (focus, storage) the signer listens to. */
  window?: CreateSignerParameters['window']
}
