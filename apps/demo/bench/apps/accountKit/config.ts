import { alchemy } from '@account-kit/infra'
import { type AlchemyAccountsUIConfig, createConfig } from '@account-kit/react'
import { QueryClient } from '@tanstack/react-query'
import { defineChain } from 'viem'

/** The local chain (anvil, id 31337), as the minimal app's `sigilDevnet`. */
const localChain = defineChain({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://localhost:8545'] } },
})

/** The sign-in card with email and passkey, as the minimal app's. */
const uiConfig: AlchemyAccountsUIConfig = {
  auth: { sections: [[{ type: 'email' }], [{ type: 'passkey' }]], addPasskeyOnSignup: true },
}

/** Account Kit's config: the signer service and the app's key, the chain and its transport. */
export const config = createConfig(
  {
    transport: alchemy({ rpcUrl: 'http://localhost:8787/rpc/31337' }),
    signerConnection: { rpcUrl: 'http://localhost:8787', apiKey: 'sigil_dev_app_key' },
    chain: localChain,
  },
  uiConfig,
)

export const queryClient = new QueryClient()
