import { sigilDevnet } from '@sigil/core'
import { type AuthType, createConfig, type SigilReactConfig } from '@sigil/react'
import type { DemoSettings } from './loadDemoSettings'

/** The element the key frame is mounted in (index.html). */
export const signerFrameContainerId = 'sigil-signer-frame'

/**
 * The demo's Sigil config: the local chain, the server and dev app from the settings, and a sign-in
 * card with every method: email (code or link, as the server's app says), passkey, one button per
 * OAuth provider the server has, and external wallets.
 *
 * @example
 * const config = createDemoConfig({ rpcUrl: 'http://localhost:8787', apiKey: 'sigil_…' })
 */
export function createDemoConfig(settings: DemoSettings): SigilReactConfig {
  const social = (settings.oauthProviders ?? []).map(
    ({ id, isCustomProvider }): AuthType => ({
      type: 'social',
      authProviderId: id,
      isCustomProvider,
      mode: 'popup',
    }),
  )
  const walletConnect =
    settings.walletConnect ??
    (settings.walletConnectProjectId ? { projectId: settings.walletConnectProjectId } : undefined)
  const wallets: AuthType = walletConnect
    ? { type: 'external_wallets', walletConnect }
    : { type: 'external_wallets' }
  return createConfig(
    {
      connection: { rpcUrl: settings.rpcUrl, apiKey: settings.apiKey },
      chain: sigilDevnet,
      iframeConfig: { iframeContainerId: signerFrameContainerId },
    },
    {
      auth: {
        sections: [[{ type: 'email' }], [{ type: 'passkey' }, ...social], [wallets]],
        addPasskeyOnSignup: true,
      },
    },
  )
}
