import { defineChain } from 'viem'

/** Where the app finds its backend: set by the page's host before the app's script runs. */
export type AppSettings = {
  /** The signer service (Alchemy's, or a Sigil server after the `rpcUrl` switch). */
  rpcUrl: string
  apiKey: string
  /** The chain's node URL and the gas policy. */
  chainRpcUrl: string
  policyId?: string | undefined
}

declare global {
  interface Window {
    appSettings: AppSettings
  }
}

export const settings: AppSettings = window.appSettings

/** A local chain (anvil, id 31337). */
export const localChain = defineChain({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [settings.chainRpcUrl] } },
})
