import { describe, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import { otherChain } from '../test/otherChain.js'
import { createSigilProvider } from './createSigilProvider.js'

/** The provider where no signer can be made (Node without a stamper: as during server rendering). */
const setup = () => {
  const config = createConfig({
    connection: { rpcUrl: 'http://127.0.0.1:9' },
    chain: sigilDevnet,
    chains: [{ chain: sigilDevnet, policyId: 'pol_1' }, { chain: otherChain }],
  })
  const provider = createSigilProvider(config)
  const events: unknown[] = []
  provider.on('chainChanged', (chainId) => events.push(chainId))
  return { config, provider, events }
}

describe('createSigilProvider without a signer', () => {
  test('default: signed out, eth_accounts is [], capabilities per configured chain, switching emits chainChanged', async () => {
    const { provider, events } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'supported' } },
    })
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(events).toEqual(['0x7a6a'])
  })

  test('behavior: a user restored into the store where no signer can be made is 4900; removed listeners hear nothing', async () => {
    const { config, provider, events } = setup()
    const user = { address: '0x000000000000000000000000000000000000dEaD', orgId: 'o', userId: 'u' }
    config.store.setState({ user: user as never })
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({ code: 4900 })
    const owner = createSigilProvider(config, { account: 'owner' })
    expect(await owner.request({ method: 'eth_accounts' })).toEqual([user.address])
    const heard: unknown[] = []
    const listener = (chainId: unknown) => heard.push(chainId)
    owner.on('chainChanged', listener)
    owner.removeListener('chainChanged', listener)
    await owner.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(heard).toEqual([])
    expect(events).toEqual(['0x7a6a'])
  })

  test('error: 4200 for unknown methods, 4902 for unknown chains, 4100 for signing signed out, -32602 for a malformed request', async () => {
    const { provider } = setup()
    await expect(provider.request({ method: 'wallet_foo' })).rejects.toMatchObject({ code: 4200 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({
        method: 'personal_sign',
        params: ['0x68', '0x000000000000000000000000000000000000dEaD'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
    await expect(provider.request(null as never)).rejects.toMatchObject({ code: -32602 })
  })
})
