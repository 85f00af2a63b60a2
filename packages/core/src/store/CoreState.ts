import type { ErrorInfo, Signer, SignerStatus, User } from '@sigil/signer'
import type { Address, Chain, Transport } from 'viem'

/** The signer's status as the app reads it (docs/account-kit.md#core): the status, its error and four flags. */
export type SignerStatusState = {
  status: SignerStatus
  error: ErrorInfo | undefined
  isInitializing: boolean
  /** True for every status except INITIALIZING, CONNECTED, DISCONNECTED and AWAITING_MFA_AUTH. */
  isAuthenticating: boolean
  isConnected: boolean
  isDisconnected: boolean
}

/** The smart-account types (docs/account-kit.md#core). */
export type SmartAccountType =
  | 'LightAccount'
  | 'MultiOwnerLightAccount'
  | 'MultiOwnerModularAccount'
  | 'ModularAccountV2'

/**
 * Where a smart account's client stands: being built (`INITIALIZING`), built again for an address
 * known from before, e.g. after a reload (`RECONNECTING`), usable (`READY`), or failed (`ERROR`).
 */
export type SmartAccountStatus = 'INITIALIZING' | 'READY' | 'RECONNECTING' | 'ERROR'

/** One smart account as the store keeps it (JSON-safe: it is persisted). */
export type SmartAccountState = {
  status: SmartAccountStatus
  /** The account's address (counterfactual until its first user operation deploys it). */
  address: Address | undefined
  /** The signer address that owns it; a record of another owner is not reused. */
  owner: Address
  /** Why building the client failed (`ERROR`). */
  error: { name: string; message: string } | undefined
}

/** One chain's smart accounts, by type (`getSmartAccountClient` writes them; a disconnect empties them). */
export type ChainAccounts = Partial<Record<SmartAccountType, SmartAccountState>>

/** How the app reaches one chain: its node or bundler, and its gas policy. */
export type Connection = {
  chain: Chain
  /** The chain's JSON-RPC URL; unset means the chain's default (`chain.rpcUrls.default`). */
  rpcUrl: string | undefined
  /** A viem transport for the chain, when the app gives one instead of (or besides) `rpcUrl`. */
  transport: Transport | undefined
  /** The Sigil gas policy (or policies) that sponsor this chain's operations. */
  policyId: string | string[] | undefined
}

/**
 * The signer settings the persisted state was made with. Restoring compares it with the running
 * config; credentials are kept as their kind only (`'apiKey'`, `'jwt'`), never as their value, and
 * the session length is left out (as hydration overrides it with the running config's:
 * docs/account-kit.md#core).
 */
export type SignerConfigSnapshot = {
  connection: { rpcUrl: string; credential: 'apiKey' | 'jwt' | 'none' }
  iframeConfig:
    | {
        iframeElementId?: string | undefined
        iframeContainerId?: string | undefined
        iframeUrl?: string | undefined
        exportIframeUrl?: string | undefined
      }
    | undefined
  rpId: string | undefined
  rootOrgId: string | undefined
  oauthCallbackUrl: string | undefined
  enablePopupOauth: boolean
  sessionConfig: {
    sessionKey: string | undefined
    /** `'localStorage'`, `'sessionStorage'` or `'custom'` (a Storage object). */
    storage: string | undefined
    domain: string | undefined
  }
}

/** The app state of `config.store` (docs/account-kit.md#core, "Store"). */
export type CoreState = {
  /** Created lazily on the client by `getSigner`; never persisted. */
  signer: Signer | undefined
  /** The active chain. */
  chain: Chain
  /** Per chain id. */
  connections: Record<number, Connection>
  /** Per chain id, per smart-account type. */
  accounts: Record<number, ChainAccounts>
  config: SignerConfigSnapshot
  user: User | undefined
  signerStatus: SignerStatusState
}

/** A transport as persisted: its kind and URL, enough to notice that the config changed. */
export type PersistedTransport = {
  __type: 'Transport'
  key?: string | undefined
  name?: string | undefined
  type?: string | undefined
  url?: string | undefined
}

export type PersistedConnection = {
  chain: { id: number }
  rpcUrl: string | undefined
  transport: PersistedTransport | undefined
  policyId: string | string[] | undefined
}

/**
 * What is written to storage (JSON-safe): the chain as `{id}`, the user as `{address, orgId,
 * userId, email}`, connections without their transport functions, and no signer.
 */
export type PersistedState = {
  chain: { id: number }
  connections: Record<string, PersistedConnection>
  accounts: Record<string, ChainAccounts>
  config: SignerConfigSnapshot
  user: Pick<User, 'address' | 'orgId' | 'userId' | 'email'> | undefined
  signerStatus: SignerStatusState
}
