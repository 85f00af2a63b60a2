import { type CreateConfigParameters, cookieStorage, sigilDevnet } from '@sigil/core'
import { defineChain } from 'viem'
import type { ExampleSettings } from './readExampleSettings'

/** The element the key frame is mounted in (the root layout renders it). */
export const signerFrameContainerId = 'sigil-signer-frame'

/**
 * The example's Sigil config parameters, the same on the server (`cookieToInitialState`) and in the
 * browser (`SigilProvider`): server rendering on (`ssr`), the app state in a cookie (`cookieStorage`),
 * the settings' chain with the app's gas policy.
 *
 * @example
 * const config = createConfig(toConfigParameters(settings))
 */
export function toConfigParameters(settings: ExampleSettings): CreateConfigParameters {
  const chain = settings.chain
    ? defineChain({
        id: settings.chain.id,
        name: settings.chain.name,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [settings.chain.nodeRpcUrl] } },
        testnet: true,
      })
    : sigilDevnet
  return {
    connection: { rpcUrl: settings.rpcUrl, apiKey: settings.apiKey },
    chain,
    policyId: settings.policyId,
    iframeConfig: { iframeContainerId: signerFrameContainerId },
    ssr: true,
    storage: cookieStorage,
  }
}
