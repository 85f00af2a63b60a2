import {
  type CreateConfigParameters,
  createConfig,
  createSigilProvider,
  type SigilConfig,
  type SigilProvider,
  type SigilProviderOptions,
  sigilProviderIcon,
  disconnect as signOut,
} from '@sigil/core'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem'

/** `sigil(parameters)`: the app's Sigil config (or the parameters to create one) and the provider's options. */
export type SigilParameters = SigilProviderOptions & {
  /** The app's Sigil config (`createConfig` of `@sigil/core`), or the parameters `createConfig` takes. */
  config: SigilConfig | CreateConfigParameters
}

const isSigilConfig = (config: SigilParameters['config']): config is SigilConfig => 'store' in config

/**
 * wagmi's connector for Sigil (docs/provider.md): id, name and type `sigil`/`Sigil`/`sigil`, Sigil's icon and
 * rdns (`org.sigil`, as `announceSigilProvider`). It wraps one `createSigilProvider` over the app's Sigil
 * config, made when wagmi sets the connector up: `connect` is `eth_requestAccounts` (which opens the app's sign-in through
 * `openSignIn` when signed out), `isAuthorized` (what `reconnect` asks) is "a user is signed in", and
 * `disconnect` signs the user out (core's `disconnect`). The provider's `connect` (a sign-in made through the
 * app's own Sigil UI), `accountsChanged`, `chainChanged` and `disconnect` events reach wagmi through this
 * connector's own emitter only.
 *
 * @example
 * const wagmiConfig = createConfig({
 *   chains: [base],
 *   connectors: [sigil({ config: sigilConfig, openSignIn: () => setSignInOpen(true) }), injected()],
 *   transports: { [base.id]: http() },
 * })
 * await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! })
 */
export function sigil(parameters: SigilParameters) {
  const { config: configOrParameters, ...options } = parameters
  let created: SigilConfig | undefined
  let provider: SigilProvider | undefined

  return createConnector<SigilProvider>((config) => {
    let listening = false
    const connector = {
      id: 'sigil',
      name: 'Sigil',
      type: sigil.type,
      icon: sigilProviderIcon,
      rdns: 'org.sigil',
      async setup() {
        // A sign-in made through the app's own Sigil UI connects wagmi too (wagmi ignores it while connecting).
        ;(await this.getProvider()).on('connect', onConnect)
      },
      async connect<withCapabilities extends boolean = false>({
        chainId,
        withCapabilities,
      }: {
        chainId?: number | undefined
        withCapabilities?: withCapabilities | boolean | undefined
      } = {}) {
        const sigilProvider = await this.getProvider()
        const accounts = ((await sigilProvider.request({ method: 'eth_requestAccounts' })) as Address[]).map(
          (address) => getAddress(address),
        )
        let currentChainId = await this.getChainId()
        if (chainId !== undefined && chainId !== currentChainId)
          currentChainId = (await this.switchChain({ chainId })).id
        listen(sigilProvider)
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: currentChainId,
        }
      },
      async disconnect() {
        const sigilProvider = await this.getProvider()
        unlisten(sigilProvider)
        await signOut(sigilConfig())
      },
      async getAccounts() {
        const sigilProvider = await this.getProvider()
        const accounts = (await sigilProvider.request({ method: 'eth_accounts' })) as Address[]
        return accounts.map((address) => getAddress(address))
      },
      async getChainId() {
        const sigilProvider = await this.getProvider()
        return Number(await sigilProvider.request({ method: 'eth_chainId' }))
      },
      async getProvider() {
        provider ??= createSigilProvider(sigilConfig(), options)
        return provider
      },
      async isAuthorized() {
        return (await this.getAccounts()).length > 0
      },
      async switchChain({ chainId }: { chainId: number }) {
        const chain = config.chains.find((each) => each.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const sigilProvider = await this.getProvider()
        await sigilProvider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        return chain
      },
      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((each) => getAddress(each)) })
      },
      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        if (provider) unlisten(provider)
        config.emitter.emit('disconnect')
      },
    }
    const onAccountsChanged = (accounts: Address[]) => connector.onAccountsChanged(accounts)
    const onChainChanged = (chainId: string) => connector.onChainChanged(chainId)
    const onDisconnect = () => connector.onDisconnect()
    const onConnect = () => {
      const announce = async () => {
        const accounts = await connector.getAccounts()
        if (accounts.length === 0 || !provider) return
        listen(provider)
        config.emitter.emit('connect', { accounts, chainId: await connector.getChainId() })
      }
      announce().catch((error: Error) => config.emitter.emit('error', { error }))
    }
    const listen = (sigilProvider: SigilProvider) => {
      if (listening) return
      listening = true
      sigilProvider.on('accountsChanged', onAccountsChanged)
      sigilProvider.on('chainChanged', onChainChanged)
      sigilProvider.on('disconnect', onDisconnect)
    }
    const unlisten = (sigilProvider: SigilProvider) => {
      listening = false
      sigilProvider.removeListener('accountsChanged', onAccountsChanged)
      sigilProvider.removeListener('chainChanged', onChainChanged)
      sigilProvider.removeListener('disconnect', onDisconnect)
    }
    return connector
  })

  function sigilConfig(): SigilConfig {
    if (isSigilConfig(configOrParameters)) return configOrParameters
    created ??= createConfig(configOrParameters)
    return created
  }
}

sigil.type = 'sigil' as const
