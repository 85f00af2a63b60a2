import { type Address, getAddress } from 'viem'
import type { WalletStore } from './createWalletStore.js'
import type { WalletConnection } from './WalletProvider.js'

const unfollowers = new WeakMap<WalletStore, () => void>()

/**
 * Sets (or clears) the connected external wallet and follows its EIP-1193 events while connected:
 * `accountsChanged` (an empty list disconnects), `chainChanged`, `disconnect`.
 *
 * @example
 * setWalletConnection(wallets, await connectWallet({ connector, chain }))
 * setWalletConnection(wallets, undefined) // forget it
 */
export function setWalletConnection(store: WalletStore, connection: WalletConnection | undefined): void {
  unfollowers.get(store)?.()
  unfollowers.delete(store)
  store.setState({ connection })
  const { provider } = connection ?? {}
  if (!provider?.on) return

  const update = (patch: Partial<WalletConnection> | undefined) => {
    const current = store.getState().connection
    if (current?.provider !== provider) return
    if (!patch) setWalletConnection(store, undefined)
    else store.setState({ connection: { ...current, ...patch } })
  }
  const onAccountsChanged = (accounts: string[]) => {
    const checksummed = accounts.map((account) => getAddress(account)) as Address[]
    update(checksummed[0] ? { address: checksummed[0], accounts: checksummed } : undefined)
  }
  const onChainChanged = (chainId: string | number) => update({ chainId: Number(chainId) })
  const onDisconnect = () => update(undefined)
  provider.on('accountsChanged', onAccountsChanged)
  provider.on('chainChanged', onChainChanged)
  provider.on('disconnect', onDisconnect)
  unfollowers.set(store, () => {
    provider.removeListener?.('accountsChanged', onAccountsChanged)
    provider.removeListener?.('chainChanged', onChainChanged)
    provider.removeListener?.('disconnect', onDisconnect)
  })
}
