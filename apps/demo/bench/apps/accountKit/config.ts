import { alchemy, sepolia } from '@account-kit/infra'
import { type AlchemyAccountsUIConfig, createConfig } from '@account-kit/react'
import { QueryClient } from '@tanstack/react-query'

/** The sign-in card with email and passkey, as the minimal app's. */
const uiConfig: AlchemyAccountsUIConfig = {
  auth: { sections: [[{ type: 'email' }], [{ type: 'passkey' }]], addPasskeyOnSignup: true },
}

/**
 * Account Kit's config as its quickstart writes it: Alchemy's services through the app's API key, a
 * chain of `@account-kit/infra`. (A signer connection with both `rpcUrl` and `apiKey`, a self-hosted
 * signer as the minimal app has, is refused by Account Kit 4.88.4's config check at start-up.)
 */
export const config = createConfig(
  { transport: alchemy({ apiKey: 'alchemy_api_key' }), chain: sepolia },
  uiConfig,
)

export const queryClient = new QueryClient()
