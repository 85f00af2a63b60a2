import { getChain } from '../actions/getChain.js'
import { getConnection } from '../actions/getConnection.js'
import type { SigilConfig } from '../createConfig.js'
import { connectWallet } from './connectWallet.js'
import type { WalletStore } from './createWalletStore.js'
import { WalletConnectParamsNotFoundError } from './errors/WalletConnectParamsNotFoundError.js'
import { setWalletConnection } from './setWalletConnection.js'
import { type ExternalWalletUser, toExternalWalletUser } from './toExternalWalletUser.js'
import type { WalletConnection, WalletConnector } from './WalletProvider.js'

export type ConnectExternalWalletParameters = {
  /** The wallet store that keeps the connection (`createExternalWallets(config).wallets`). */
  wallets: WalletStore
  /** An announced wallet, a WalletConnect connector, or `'walletConnect'` for `walletConnect`. */
  connector: WalletConnector | 'walletConnect'
  /** The app's WalletConnect connector (`createExternalWallets(config).walletConnect`), if configured. */
  walletConnect?: WalletConnector | undefined
}

/** Sign-in with an external wallet has one step: it is done once the wallet connects. */
export type ConnectExternalWalletReturnType = {
  next: 'done'
  connection: WalletConnection
  user: ExternalWalletUser
}

/**
 * Signs in with an external wallet: asks it for its accounts, puts it on the config's chain
 * (switching, or adding it), and keeps the connection in `wallets`, following its account and chain
 * changes. `'walletConnect'` without a configured connector throws `WalletConnectParamsNotFoundError`;
 * otherwise the errors are `connectWallet`'s (`WalletChainNotFoundError`, `WalletConnectionError`,
 * `WalletConnectNotInstalledError`, the wallet's own refusal, code 4001).
 *
 * @example
 * const { wallets, walletConnect } = createExternalWallets(config)
 * const { next, user } = await connectExternalWallet(config, { wallets, walletConnect, connector })
 * // next === 'done', user.type === 'eoa'
 */
export async function connectExternalWallet(
  config: SigilConfig,
  { wallets, connector, walletConnect }: ConnectExternalWalletParameters,
): Promise<ConnectExternalWalletReturnType> {
  const resolved = connector === 'walletConnect' ? walletConnect : connector
  if (!resolved) throw new WalletConnectParamsNotFoundError()
  const connection = await connectWallet({
    connector: resolved,
    chain: getChain(config),
    rpcUrl: getConnection(config).rpcUrl,
  })
  setWalletConnection(wallets, connection)
  return { next: 'done', connection, user: toExternalWalletUser(connection.address) }
}
