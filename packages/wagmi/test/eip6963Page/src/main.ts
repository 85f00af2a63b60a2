/**
 * A page that announces Sigil's provider through EIP-6963 (docs/provider.md#eip-6963) and, as a wallet
 * picker, lists the wallets wagmi discovers (wagmi's EIP-6963 store dispatches `eip6963:requestProvider`
 * when its config is made, after the announcement): packages/wagmi/test/eip6963Discovery.test.ts.
 */
import {
  announceSigilProvider,
  createConfig as createSigilConfig,
  createSigilProvider,
  sigilDevnet,
} from '@sigil/core'
import { createConfig, http } from '@wagmi/core'

const sigilConfig = createSigilConfig({
  // No Sigil server: the page only announces; signed out, the provider answers without one.
  connection: { rpcUrl: 'http://127.0.0.1:9', apiKey: 'pk_eip6963_page' },
  chain: sigilDevnet,
})
announceSigilProvider(createSigilProvider(sigilConfig))

const wagmiConfig = createConfig({ chains: [sigilDevnet], transports: { [sigilDevnet.id]: http() } })
const list = document.getElementById('wallets')!
for (const connector of wagmiConfig.connectors) {
  const item = document.createElement('li')
  item.dataset.id = connector.id
  item.dataset.type = connector.type
  const icon = document.createElement('img')
  icon.src = connector.icon ?? ''
  icon.alt = ''
  icon.width = 24
  item.append(icon, connector.name)
  list.append(item)
}
;(window as unknown as { __eip6963Page: unknown }).__eip6963Page = { wagmiConfig }
