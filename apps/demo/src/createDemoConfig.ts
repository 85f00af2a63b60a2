import { sigilDevnet } from '@sigil/core'
import { type AuthType, createConfig, type SigilReactConfig } from '@sigil/react'
import { type Chain, defineChain } from 'viem'
import type { DemoSettings } from './loadDemoSettings'

/** The element the key frame is mounted in (index.html). */
export const signerFrameContainerId = 'sigil-signer-frame'

/**
 * The demo's Sigil config: the local chain (with the dev app's gas policy when the settings give them),
 * the server and dev app from the settings, and a sign-in
 * card with every method: email (code or link, as the server's app says), passkey, one button per
 * OAuth provider the server has (two for `npm start`'s dev login: popup and redirect), and external wallets.
 *
 * @example
 * const config = createDemoConfig({ rpcUrl: 'http://localhost:8787', apiKey: 'sigil_…' })
 */
export function createDemoConfig(settings: DemoSettings): SigilReactConfig {
  const social = (settings.oauthProviders ?? []).map(
    ({ id, isCustomProvider, displayName, mode }): AuthType => ({
      type: 'social',
      authProviderId: id,
      isCustomProvider,
      displayName,
      // The SDK knows the scope of the known providers only.
      scope: isCustomProvider ? 'openid email profile' : undefined,
      // A redirect comes back to the demo's first page, which finishes the sign-in.
      ...(mode === 'redirect' ? { mode, redirectUrl: '/' } : { mode: 'popup' as const }),
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
      chain: settings.chain ? toDemoChain(settings.chain) : sigilDevnet,
      policyId: settings.policyId,
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

/** The settings' chain as a viem chain; smart accounts reach it through the server's RPC gateway. */
function toDemoChain({ id, name, nodeRpcUrl }: NonNullable<DemoSettings['chain']>): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [nodeRpcUrl] } },
    testnet: true,
  })
}
