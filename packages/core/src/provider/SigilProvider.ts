import type { Address, Hex, ProviderRpcError } from 'viem'
import type { SmartAccountParameters } from '../smartAccounts/SmartAccountParameters.js'
import type { SmartAccountType } from '../store/CoreState.js'

/** One EIP-1193 request. */
export type SigilProviderRequest = { method: string; params?: unknown }

/** The events of the provider (docs/provider.md#events) and what each listener receives. */
export type SigilProviderEvents = {
  connect: (info: { chainId: Hex }) => void
  disconnect: (error: ProviderRpcError) => void
  accountsChanged: (accounts: Address[]) => void
  chainChanged: (chainId: Hex) => void
}

/** An EIP-1193 provider over a Sigil config (docs/provider.md). */
export type SigilProvider = {
  request(request: SigilProviderRequest): Promise<unknown>
  on<event extends keyof SigilProviderEvents>(
    event: event,
    listener: SigilProviderEvents[event],
  ): SigilProvider
  removeListener<event extends keyof SigilProviderEvents>(
    event: event,
    listener: SigilProviderEvents[event],
  ): SigilProvider
  /** Stops following the config (its watchers) and drops every listener. */
  destroy(): void
}

/** The status of a `wallet_sendCalls` bundle as `wallet_showCallsStatus` hands it to the app. */
export type SigilCallsStatus = {
  version: '2.0.0'
  id: string
  chainId: Hex
  status: number
  atomic: boolean
  receipts?: unknown[] | undefined
}

export type SigilProviderOptions = {
  /**
   * Who the provider acts as: `'smart'` (default), the signed-in user's smart account of `smartAccount.type`,
   * sending user operations (sponsored by the chain's policy); `'owner'`, the user's own key, sending
   * ordinary transactions it pays for.
   */
  account?: 'smart' | 'owner' | undefined
  /** The smart account (`account: 'smart'`): its type (default `'ModularAccountV2'`, as `useSmartAccountClient`) and options. */
  smartAccount?:
    | {
        type?: SmartAccountType | undefined
        accountParams?: SmartAccountParameters[SmartAccountType] | undefined
        /** How often receipts are polled, in ms; default viem's. */
        pollingInterval?: number | undefined
      }
    | undefined
  /**
   * Called by `eth_requestAccounts` while nobody is signed in: the app opens its sign-in. The request
   * resolves once a user is signed in; a rejection of the returned promise answers 4001 (the user closed it).
   */
  openSignIn?: (() => void | Promise<void>) | undefined
  /**
   * Asked before each signature or send (`personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction`,
   * `wallet_sendCalls`); `false` answers 4001. Default: every request of the app is approved.
   */
  confirm?: ((request: { method: string; params: unknown }) => boolean | Promise<boolean>) | undefined
  /** `wallet_showCallsStatus`: shows a bundle's status in the app's UI. Without it the method answers 4200. */
  showCallsStatus?: ((status: SigilCallsStatus) => void | Promise<void>) | undefined
  /** The most calls `wallet_sendCalls` takes in one bundle (default 100); more answers 5740. */
  maxCalls?: number | undefined
}
