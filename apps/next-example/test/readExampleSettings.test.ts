import { describe, expect, test } from 'vitest'
import { readExampleSettings } from '../app/readExampleSettings.js'

describe('readExampleSettings', () => {
  test('default: the server, key, policy, chain and mailbox from SIGIL_* variables', () => {
    expect(
      readExampleSettings({
        SIGIL_RPC_URL: 'http://localhost:8787',
        SIGIL_API_KEY: 'sigil_key',
        SIGIL_POLICY_ID: 'pol_1',
        SIGIL_CHAIN_ID: '31337',
        SIGIL_CHAIN_RPC_URL: 'http://127.0.0.1:8545',
        SIGIL_MAILBOX_URL: 'http://localhost:8787/dev/mailbox',
      }),
    ).toEqual({
      rpcUrl: 'http://localhost:8787',
      apiKey: 'sigil_key',
      policyId: 'pol_1',
      chain: { id: 31337, name: 'Sigil Devnet', nodeRpcUrl: 'http://127.0.0.1:8545' },
      mailboxUrl: 'http://localhost:8787/dev/mailbox',
    })
  })

  test('behavior: without a chain or policy, only the server and key', () => {
    expect(
      readExampleSettings({
        SIGIL_RPC_URL: 'http://localhost:8787',
        SIGIL_API_KEY: 'k',
      }),
    ).toEqual({
      rpcUrl: 'http://localhost:8787',
      apiKey: 'k',
      policyId: undefined,
      chain: undefined,
      mailboxUrl: undefined,
    })
  })

  test('error: without the server or the key, the message names both variables', () => {
    expect(() => readExampleSettings({ SIGIL_RPC_URL: 'http://localhost:8787' })).toThrow(
      'Set SIGIL_RPC_URL and SIGIL_API_KEY: the Sigil server and its app key (see the README)',
    )
  })

  test('error: a chain id that is not a number, or without its node URL, is refused', () => {
    const base = { SIGIL_RPC_URL: 'http://localhost:8787', SIGIL_API_KEY: 'k' }
    const message = 'SIGIL_CHAIN_ID must be a chain id, with SIGIL_CHAIN_RPC_URL the chain node'
    expect(() =>
      readExampleSettings({
        ...base,
        SIGIL_CHAIN_ID: 'devnet',
        SIGIL_CHAIN_RPC_URL: 'http://x',
      }),
    ).toThrow(message)
    expect(() => readExampleSettings({ ...base, SIGIL_CHAIN_ID: '31337' })).toThrow(message)
  })
})
