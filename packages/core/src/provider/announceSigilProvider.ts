import { CoreError } from '../errors/CoreError.js'
import type { WalletProviderInfo } from '../wallets/WalletProvider.js'
import type { SigilProvider } from './SigilProvider.js'
import { sigilProviderIcon } from './sigilProviderIcon.js'

/** `announceSigilProvider`'s options: the EIP-6963 provider info, and where to announce. */
export type AnnounceSigilProviderOptions = Partial<WalletProviderInfo> & {
  /** The window (default `globalThis.window`); any `EventTarget` in tests. */
  target?: EventTarget | undefined
}

/**
 * Announces the provider through EIP-6963 (docs/provider.md#eip-6963): dispatches
 * `eip6963:announceProvider` with `{ info, provider }` (frozen) now and again on every
 * `eip6963:requestProvider`. `info` defaults to name `'Sigil'`, Sigil's SVG icon (`sigilProviderIcon`), rdns
 * `'org.sigil'` and a random uuid; an app that announces under its own brand gives its own name, icon and
 * reverse-DNS id. Returns the function that stops answering requests. Throws `CoreError` with no window and no
 * `target` (server rendering).
 *
 * @example
 * const stop = announceSigilProvider(provider, { name: 'Acme Wallet', rdns: 'com.acme.wallet' })
 */
export function announceSigilProvider(
  provider: SigilProvider,
  { target = globalThis.window, ...info }: AnnounceSigilProviderOptions = {},
): () => void {
  if (!target)
    throw new CoreError(
      'announceSigilProvider needs a window (or a `target`): EIP-6963 announces in a browser',
    )
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? crypto.randomUUID(),
      name: info.name ?? 'Sigil',
      icon: info.icon ?? sigilProviderIcon,
      rdns: info.rdns ?? 'org.sigil',
    }),
    provider,
  })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
