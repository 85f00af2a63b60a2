import { defaultSessionMs, InvalidSignerConfigError, type Signer, signerStatus } from '@sigil/signer'
import type { CreateConfigParameters } from './config/CreateConfigParameters.js'
import { createDefaultSigner } from './config/createDefaultSigner.js'
import { toConnections } from './config/toConnections.js'
import { toSignerConfigSnapshot } from './config/toSignerConfigSnapshot.js'
import { ChainNotFoundError } from './errors/ChainNotFoundError.js'
import { getDefaultStorage } from './storage/getDefaultStorage.js'
import { type CoreStore, createCoreStore } from './store/createCoreStore.js'
import { createEmptyAccounts } from './store/createEmptyAccounts.js'
import { storageKey } from './store/storeDefaults.js'
import { toSignerStatusState } from './store/toSignerStatusState.js'

export type {
  ChainConnectionParameters,
  CreateConfigParameters,
  CreateStorage,
  CreateStorageParameters,
} from './config/CreateConfigParameters.js'

/** What `createConfig` returns: the app-state store, and what the actions need to run. */
export type SigilConfig = {
  store: CoreStore
  _internal: {
    ssr: boolean
    /** `'alchemy-account-state'`: the storage key, and the cookie name with `cookieStorage`. */
    storageKey: string
    /** The signer session's lifetime in ms (`sessionConfig.expirationTimeMs`, default 900000). */
    sessionLength: number
    /** Makes the signer; `getSigner` calls it once, where `canCreateSigner()` holds. */
    createSigner: () => Signer
    /** True in a browser, or wherever the config has a `stamper`; false during server rendering. */
    canCreateSigner: () => boolean
    /** The Sigil server and the app's credential: smart-account clients reach its RPC gateway with them. */
    connection: CreateConfigParameters['connection']
  }
}

export type CreateConfigReturnType = SigilConfig

/**
 * Creates the app's Sigil config (docs/account-kit.md#core): the connections per chain, and the persisted
 * app-state store (version 14) restored from `storage` unless `ssr` defers that to
 * `hydrate(config).onMount()`. Nothing touches `window`, `document` or storage on a server; the
 * signer is made later, on the client only, by `getSigner` (or any action that needs it).
 * Throws `ChainNotFoundError` without a `chain` ('No chain supplied to the client') or when `chain`
 * is not one of `chains`, and `InvalidSignerConfigError` without `connection.rpcUrl`.
 *
 * @example
 * const config = createConfig({
 *   connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_…' },
 *   chain: base,
 *   chains: [{ chain: base, policyId: 'pol_…' }, { chain: baseSepolia }],
 *   ssr: true,
 *   storage: cookieStorage,
 * })
 */
export function createConfig(parameters: CreateConfigParameters): CreateConfigReturnType {
  if (!parameters.chain) throw new ChainNotFoundError()
  const rpcUrl = parameters.connection?.rpcUrl
  if (typeof rpcUrl !== 'string' || rpcUrl.length === 0)
    throw new InvalidSignerConfigError('Invalid signer config: connection.rpcUrl is required')
  const connections = toConnections(parameters)
  const chain = connections[parameters.chain.id]?.chain
  if (!chain) throw new ChainNotFoundError({ chain: parameters.chain })

  const sessionLength = parameters.sessionConfig?.expirationTimeMs ?? defaultSessionMs
  const ssr = parameters.ssr ?? false
  const store = createCoreStore({
    initialState: {
      signer: undefined,
      chain,
      connections,
      accounts: createEmptyAccounts(connections),
      config: toSignerConfigSnapshot(parameters),
      user: undefined,
      signerStatus: toSignerStatusState(signerStatus.INITIALIZING),
    },
    getStorage: () =>
      parameters.storage?.({ sessionLength, domain: parameters.sessionConfig?.domain }) ??
      getDefaultStorage(),
    ssr,
  })
  return {
    store,
    _internal: {
      ssr,
      storageKey,
      sessionLength,
      createSigner: () => createDefaultSigner(parameters),
      canCreateSigner: () => parameters.stamper !== undefined || typeof document !== 'undefined',
      connection: parameters.connection,
    },
  }
}
