/**
 * An EIP-1193 provider as Sigil uses it: `request`, and the optional event methods. Injected
 * wallets, EIP-6963 announcements and `@walletconnect/ethereum-provider` all fit.
 */
export type WalletProvider = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...arguments_: never[]) => void): unknown
  removeListener?(event: string, listener: (...arguments_: never[]) => void): unknown
}

/** EIP-6963 `EIP6963ProviderInfo`. */
export type WalletProviderInfo = {
  uuid: string
  name: string
  /** A data URI (RFC 2397) of the wallet's icon. */
  icon: string
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string
}

/** EIP-6963 `EIP6963ProviderDetail`: what `eip6963:announceProvider` carries. */
export type WalletProviderDetail = { info: WalletProviderInfo; provider: WalletProvider }

/** An external wallet the user can connect: an announced browser wallet, or WalletConnect. */
export type WalletConnector = {
  /** The wallet's rdns (EIP-6963), or `'walletConnect'`. */
  id: string
  name: string
  icon?: string | undefined
  type: 'injected' | 'walletConnect'
  /** The wallet's EIP-1193 provider (WalletConnect: loaded and initialised on first use). */
  getProvider(): Promise<WalletProvider>
  /** Ends the wallet's own session, where it has one (WalletConnect). */
  disconnect?(): Promise<void>
}

/** A connected external wallet. */
export type WalletConnection = {
  connector: WalletConnector
  provider: WalletProvider
  /** The first account the wallet gave. */
  address: `0x${string}`
  accounts: readonly `0x${string}`[]
  chainId: number
}
