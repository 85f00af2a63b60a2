import { sigilDevnet } from '@sigil/core'
import { createConfig } from '@wagmi/core'
import { http } from 'viem'
import { describe, expect, test } from 'vitest'
import { sigil } from './sigil.js'

/** The connector without a server: made from createConfig's parameters, signed out, one provider. */
const wagmiConfig = () =>
  createConfig({
    chains: [sigilDevnet],
    connectors: [
      sigil({
        config: { connection: { rpcUrl: 'http://127.0.0.1:9', apiKey: 'sigil_test' }, chain: sigilDevnet },
      }),
    ],
    transports: { [sigilDevnet.id]: http('http://127.0.0.1:9') },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })

describe('sigil() without a server', () => {
  test('default: made from createConfig parameters, it names itself and answers the chain; one provider', async () => {
    const [connector] = wagmiConfig().connectors
    expect([connector!.id, connector!.name, connector!.type, connector!.rdns]).toEqual([
      'sigil',
      'Sigil',
      'sigil',
      'org.sigil',
    ])
    expect(await connector!.getChainId()).toBe(sigilDevnet.id)
    expect(await connector!.getProvider()).toBe(await connector!.getProvider())
  })

  test('behavior: signed out, it is not authorized and has no accounts', async () => {
    const [connector] = wagmiConfig().connectors
    expect(await connector!.isAuthorized()).toBe(false)
    expect(await connector!.getAccounts()).toEqual([])
  })

  test('error: switchChain to a chain the wagmi config does not have', async () => {
    const [connector] = wagmiConfig().connectors
    await expect(connector!.switchChain!({ chainId: 1 })).rejects.toThrow(/Chain not configured/)
  })
})
