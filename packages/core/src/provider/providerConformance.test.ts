import { describe, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import { otherChain } from '../test/otherChain.js'
import { createSigilProvider } from './createSigilProvider.js'
import type { SigilProviderOptions } from './SigilProvider.js'

/**
 * docs/provider.md's lines that need no chain and no server, each through `provider.request` (or the
 * provider's own functions) on a config whose connection points nowhere: the lines that need the devnet are
 * in providerConformance.devnet.test.ts. Each test is titled after the doc line it runs.
 */

const dead = '0x000000000000000000000000000000000000dEaD'
const user = { address: dead, orgId: 'o', userId: 'u' }

const setup = (options: SigilProviderOptions = {}) => {
  const config = createConfig({
    connection: { rpcUrl: 'http://127.0.0.1:9' },
    chain: sigilDevnet,
    chains: [{ chain: sigilDevnet, policyId: 'pol_1' }, { chain: otherChain }],
  })
  const provider = createSigilProvider(config, options)
  const events: [string, unknown][] = []
  for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
    provider.on(name, (value: unknown) => events.push([name, value]))
  return { config, provider, events }
}

describe('docs/provider.md without a chain', () => {
  test('error: Read-only methods: never forwarded, 4200: eth_sign, eth_signTransaction, eth_signTypedData (v1, v3), eth_coinbase, eth_sendUnsignedTransaction', async () => {
    const { provider } = setup()
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v1',
      'eth_signTypedData_v3',
      'eth_coinbase',
      'eth_sendUnsignedTransaction',
    ])
      await expect(provider.request({ method, params: [dead, '0x68'] }), method).rejects.toMatchObject({
        code: 4200,
        details: expect.stringContaining(method),
      })
  })

  test('error: wallet_getCapabilities: -32602 (an address that is not one, chainIds that are not an array of hex ids)', async () => {
    const { provider } = setup()
    for (const params of [
      ['0x1234'],
      [42],
      [undefined, '0x7a69'],
      [undefined, [31337]],
      [undefined, ['7a69']],
    ])
      await expect(
        provider.request({ method: 'wallet_getCapabilities', params }),
        JSON.stringify(params),
      ).rejects.toMatchObject({ code: -32602, details: expect.stringContaining('wallet_getCapabilities') })
  })

  test('error: wallet_getCallsStatus: -32602 (no id, an id that is not a string, params not an array)', async () => {
    const { provider } = setup()
    for (const params of [[], [42], [null], { id: 'x' }, undefined])
      await expect(
        provider.request({ method: 'wallet_getCallsStatus', params }),
        JSON.stringify(params),
      ).rejects.toMatchObject({ code: -32602, details: expect.stringContaining('wallet_getCallsStatus') })
  })

  test('error: wallet_showCallsStatus: 5730 unknown id, with a showCallsStatus option (which is not called)', async () => {
    const shown: unknown[] = []
    const { provider } = setup({ showCallsStatus: (status) => void shown.push(status) })
    for (const id of ['nope', `0x${'ab'.repeat(31)}`])
      await expect(
        provider.request({ method: 'wallet_showCallsStatus', params: [id] }),
        id,
      ).rejects.toMatchObject({ code: 5730, details: expect.stringContaining(id) })
    expect(shown).toEqual([])
  })

  test('behavior: Events: connect when the provider is made while a user is signed in: once, when the account is known, without accountsChanged, also when the chain is switched before that', async () => {
    const { config } = setup()
    config.store.setState({ user: user as never })
    const provider = createSigilProvider(config, { account: 'owner' })
    const events: [string, unknown][] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged'] as const)
      provider.on(name, (value: unknown) => events.push([name, value]))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await expect.poll(() => events.length).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['connect', { chainId: '0x7a6a' }],
    ])
    // Known now: a switch where the account stays the same is chainChanged alone.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(events.slice(2)).toEqual([['chainChanged', '0x7a69']])
    provider.destroy()
  })

  test('behavior: provider.destroy() stops following the config: no chainChanged, connect or accountsChanged after it', async () => {
    const kept = setup({ account: 'owner' })
    const destroyed = createSigilProvider(kept.config, { account: 'owner' })
    const heard: [string, unknown][] = []
    for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
      destroyed.on(name, (value: unknown) => heard.push([name, value]))
    destroyed.destroy()
    await destroyed.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    kept.config.store.setState({ user: user as never })
    await expect.poll(() => kept.events.length).toBe(3)
    kept.config.store.setState({ user: undefined })
    // The provider that was not destroyed hears each change; the destroyed one, on the same config, none.
    expect(kept.events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['connect', { chainId: '0x7a6a' }],
      ['accountsChanged', [dead]],
      ['accountsChanged', []],
      ['disconnect', expect.objectContaining({ code: 4900 })],
    ])
    expect(heard).toEqual([])
    // It still answers requests: destroy() stops the events, not the provider.
    expect(await destroyed.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })
})
