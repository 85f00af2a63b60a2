import { type Address, createPublicClient, createWalletClient, custom, http, type PublicClient } from 'viem'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { SigilConfig } from '../createConfig.js'
import { createSigilProvider } from '../provider/createSigilProvider.js'
import type { SigilProvider, SigilProviderEvents, SigilProviderOptions } from '../provider/SigilProvider.js'
import { createSmartAccountTestbed, type SmartAccountTestbed } from './createSmartAccountTestbed.js'
import { otherChain } from './otherChain.js'

/** One provider under test: its config, and every event it emitted, in order. */
export type ProviderUnderTest = {
  config: SigilConfig
  provider: SigilProvider
  events: [keyof SigilProviderEvents, unknown][]
}

/**
 * Test helper for the provider (docs/provider.md): the smart-account testbed (devnet, real server on a local
 * port, the app's sponsorship policy), a public client on the devnet node, and providers over configs whose
 * chains are the devnet (sponsored by the policy) and `otherChain` (no policy), each recording its events.
 *
 * @example
 * const testbed = await createProviderTestbed()
 * const { provider, config } = testbed.createProvider({ account: 'owner' })
 */
export async function createProviderTestbed() {
  const testbed: SmartAccountTestbed = await createSmartAccountTestbed()
  const node = createPublicClient({
    chain: sigilDevnet,
    transport: http(testbed.devnet.rpcUrl),
  }) as PublicClient
  let users = 0
  const nextEmail = (label: string) => `provider.${label}.${++users}@example.com`
  const createSigilConfig = () =>
    testbed.createConfig({
      policyId: undefined,
      chains: [{ chain: sigilDevnet, policyId: testbed.policy.id }, { chain: otherChain }],
    })
  const createProvider = (options: SigilProviderOptions = {}): ProviderUnderTest => {
    const config = createSigilConfig()
    const provider = createSigilProvider(config, {
      ...options,
      smartAccount: { pollingInterval: 50, ...options.smartAccount },
    })
    const events: ProviderUnderTest['events'] = []
    for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
      provider.on(name, (value: unknown) => events.push([name, value]))
    return { config, provider, events }
  }
  return {
    testbed,
    node,
    /** A new email address, so each test signs in its own user. */
    nextEmail,
    /** A signed-out Sigil config on the devnet (sponsored by the app's policy) and `otherChain` (no policy). */
    createSigilConfig,
    createProvider,
    /** A provider whose `eth_requestAccounts` signed a new user in (through `openSignIn`), and its account. */
    async signedInProvider(label: string, options: SigilProviderOptions = {}) {
      const under = createProvider({
        ...options,
        openSignIn: () => void testbed.signIn(under.config, nextEmail(label)),
      })
      const [account] = (await under.provider.request({ method: 'eth_requestAccounts' })) as Address[]
      return { ...under, account: account! }
    },
    /** viem's wallet client over the provider (`custom(provider)`) on the devnet chain. */
    walletClient: (provider: SigilProvider) =>
      createWalletClient({ chain: sigilDevnet, transport: custom(provider) }),
    cleanup: () => testbed.cleanup(),
  }
}
