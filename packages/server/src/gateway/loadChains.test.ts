import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { solanaWebsocketUrl } from './ChainConfig.js'
import { loadChains } from './loadChains.js'

const chain = {
  id: 31337,
  rpcUrl: 'http://127.0.0.1:8545',
  bundlerUrl: 'http://127.0.0.1:4337',
  paymasters: { '0.7': '0x1111111111111111111111111111111111111111' },
}

describe('loadChains', () => {
  test('default: SIGIL_CHAINS holds the chains as JSON', () => {
    expect(loadChains({ env: { SIGIL_CHAINS: JSON.stringify([chain]) } })).toEqual([chain])
    expect(loadChains({ env: {} })).toEqual([])
  })

  test('behavior: a --chains file ({ chains } or an array) wins over the environment; chains in code win over both', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sigil-chains-'))
    try {
      const file = join(dir, 'chains.json')
      await writeFile(file, JSON.stringify({ chains: [chain] }))
      const env = { SIGIL_CHAINS: JSON.stringify([{ ...chain, id: 1 }]) }
      expect(loadChains({ chainsFile: file, env })).toEqual([chain])
      expect(loadChains({ chains: [{ id: 5, rpcUrl: 'http://x.example' }], chainsFile: file, env })).toEqual([
        { id: 5, rpcUrl: 'http://x.example' },
      ])
      expect(() => loadChains({ chainsFile: join(dir, 'missing.json'), env })).toThrow(
        'cannot read the chains file',
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('behavior: a Solana chain ("type": "solana", id solana-<name>) next to EVM chains', () => {
    const solana = { id: 'solana-localnet', type: 'solana', rpcUrl: 'http://127.0.0.1:8899' }
    const evm = { ...chain, type: 'evm' }
    expect(loadChains({ env: { SIGIL_CHAINS: JSON.stringify([chain, evm, solana].slice(1)) } })).toEqual([
      evm,
      solana,
    ])
    const load = (value: unknown) => () => loadChains({ env: { SIGIL_CHAINS: JSON.stringify(value) } })
    expect(load([{ ...solana, id: 'localnet' }])).toThrow(
      'SIGIL_CHAINS: 0.id: a Solana chain id is solana-<name>, e.g. solana-localnet',
    )
    expect(load([{ ...solana, type: undefined }])).toThrow(
      'SIGIL_CHAINS: 0.id: an EVM chain id is a number (a Solana chain needs "type": "solana")',
    )
    expect(load([{ ...solana, bundlerUrl: chain.bundlerUrl }])).toThrow('SIGIL_CHAINS: 0')
    expect(load([solana, solana])).toThrow('a chain id is listed twice')
  })

  test('behavior: a Solana chain may name its websocket (wsUrl); without one it is the rpcUrl in ws form, same port and path', () => {
    const load = (value: unknown) => loadChains({ env: { SIGIL_CHAINS: JSON.stringify(value) } })
    const validator = {
      id: 'solana-localnet',
      type: 'solana',
      rpcUrl: 'http://127.0.0.1:8899',
      wsUrl: 'ws://127.0.0.1:8900',
    } as const
    expect(load([validator])).toEqual([validator])
    expect(solanaWebsocketUrl(validator)).toBe('ws://127.0.0.1:8900')
    const provider = {
      id: 'solana-mainnet',
      type: 'solana',
      rpcUrl: 'https://rpc.example/v1/?key=k',
    } as const
    expect(solanaWebsocketUrl(load([provider])[0] as typeof provider)).toBe('wss://rpc.example/v1/?key=k')
    expect(solanaWebsocketUrl({ ...provider, rpcUrl: 'http://127.0.0.1:8899' })).toBe('ws://127.0.0.1:8899/')
    expect(() => load([{ ...validator, wsUrl: 'http://127.0.0.1:8900' }])).toThrow(
      'SIGIL_CHAINS: 0.wsUrl: must be a ws:// or wss:// URL',
    )
    expect(() => load([{ ...chain, wsUrl: 'ws://127.0.0.1:8546' }])).toThrow('SIGIL_CHAINS: 0')
  })

  test('error: bad entries name the field, never the URL', () => {
    const load = (value: unknown) => () => loadChains({ env: { SIGIL_CHAINS: JSON.stringify(value) } })
    expect(load([{ ...chain, rpcUrl: 'ftp://secret-key@x' }])).toThrow(/^SIGIL_CHAINS: 0\.rpcUrl: /)
    expect(load([{ ...chain, rpcUrl: 'ftp://secret-key@x' }])).not.toThrow(/secret-key/)
    expect(load([{ ...chain, paymasters: { '0.9': chain.paymasters['0.7'] } }])).toThrow(
      'SIGIL_CHAINS: 0.paymasters',
    )
    expect(load([chain, chain])).toThrow('a chain id is listed twice')
    expect(() => loadChains({ env: { SIGIL_CHAINS: '[' } })).toThrow('SIGIL_CHAINS is not valid JSON')
  })
})
