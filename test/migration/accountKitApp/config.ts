import { alchemy } from '@account-kit/infra'
import { type AlchemyAccountsUIConfig, cookieStorage, createConfig } from '@account-kit/react'
import { QueryClient } from '@tanstack/react-query'
import { localChain, settings } from './settings'

const uiConfig: AlchemyAccountsUIConfig = {
  auth: {
    sections: [[{ type: 'email' }], [{ type: 'passkey' }]],
    addPasskeyOnSignup: false,
  },
}

/** Account Kit's config, already switched to a Sigil server (the `rpcUrl` switch of the migration guide). */
export const config = createConfig(
  {
    transport: alchemy({ rpcUrl: `${settings.rpcUrl}/rpc/${localChain.id}` }),
    signerConnection: { rpcUrl: settings.rpcUrl, apiKey: settings.apiKey },
    chain: localChain,
    policyId: settings.policyId,
    storage: cookieStorage,
  },
  uiConfig,
)

export const queryClient = new QueryClient()
