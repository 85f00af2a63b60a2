import type { WalletProviderDetail } from './WalletProvider.js'

const isProviderDetail = (detail: unknown): detail is WalletProviderDetail => {
  const { info, provider } = (detail ?? {}) as Partial<WalletProviderDetail>
  return (
    typeof info?.uuid === 'string' && typeof info.name === 'string' && typeof provider?.request === 'function'
  )
}

/**
 * EIP-6963 discovery: listens for `eip6963:announceProvider` on `target` (the window), then
 * dispatches `eip6963:requestProvider` so wallets already loaded announce again. Calls `onAnnounce`
 * for each well-formed announcement; returns the function that stops listening.
 *
 * @example
 * const stop = watchInjectedWallets(window, ({ info, provider }) => wallets.set(info.uuid, provider))
 */
export function watchInjectedWallets(
  target: EventTarget,
  onAnnounce: (detail: WalletProviderDetail) => void,
): () => void {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<unknown>
    if (isProviderDetail(detail)) onAnnounce(detail)
  }
  target.addEventListener('eip6963:announceProvider', listener)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', listener)
}
