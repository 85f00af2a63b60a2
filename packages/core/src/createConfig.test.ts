import { InvalidSignerConfigError } from '@sigil/signer'
import { http } from 'viem'
import { expect, test } from 'vitest'
import { getSigner } from './actions/getSigner.js'
import { base, baseSepolia, polygon } from './chains/chains.js'
import { sigilDevnet } from './chains/sigilDevnet.js'
import { createConfig } from './createConfig.js'
import { ChainNotFoundError } from './errors/ChainNotFoundError.js'

const connection = { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_test' }

test('default', () => {
  const config = createConfig({ connection, chain: sigilDevnet })
  const {
    signer,
    chain,
    connections,
    accounts,
    user,
    signerStatus,
    config: snapshot,
  } = config.store.getState()
  expect({ signer, chainId: chain.id, connections, accounts, user, signerStatus }).toEqual({
    signer: undefined,
    chainId: 31337,
    connections: {
      31337: { chain: sigilDevnet, rpcUrl: undefined, transport: undefined, policyId: undefined },
    },
    accounts: { 31337: {} },
    user: undefined,
    signerStatus: {
      status: 'INITIALIZING',
      error: undefined,
      isInitializing: true,
      isAuthenticating: false,
      isConnected: false,
      isDisconnected: false,
    },
  })
  expect(snapshot.connection).toEqual({ rpcUrl: 'https://signer.example.com', credential: 'apiKey' })
  expect(config._internal).toMatchObject({
    ssr: false,
    storageKey: 'alchemy-account-state',
    sessionLength: 900_000,
  })
})

test('behavior: chains take the config transport and policy where they name none', () => {
  const transport = http('https://base.example.com')
  const config = createConfig({
    connection,
    chain: baseSepolia,
    transport,
    policyId: 'pol_default',
    chains: [
      { chain: base, policyId: ['pol_a', 'pol_b'] },
      { chain: baseSepolia, rpcUrl: 'https://sepolia.example' },
    ],
  })
  const { chain, connections, accounts } = config.store.getState()
  expect(chain).toBe(baseSepolia)
  expect(connections[base.id]).toEqual({
    chain: base,
    rpcUrl: undefined,
    transport,
    policyId: ['pol_a', 'pol_b'],
  })
  expect(connections[baseSepolia.id]).toEqual({
    chain: baseSepolia,
    rpcUrl: 'https://sepolia.example',
    transport,
    policyId: 'pol_default',
  })
  expect(accounts).toEqual({ [base.id]: {}, [baseSepolia.id]: {} })
})

test('behavior: no signer until one is asked for, and none without a browser or a stamper', () => {
  const config = createConfig({ connection, chain: sigilDevnet })
  expect(config._internal.canCreateSigner()).toBe(false)
  expect(getSigner(config)).toBeUndefined()
  expect(config.store.getState().signer).toBeUndefined()
})

test('error: no chain', () => {
  // @ts-expect-error the chain is required
  expect(() => createConfig({ connection })).toThrowError(
    expect.objectContaining({ name: 'ChainNotFoundError', shortMessage: 'No chain supplied to the client' }),
  )
})

test('error: the chain is not one of the connections', () => {
  const create = () => createConfig({ connection, chain: polygon, chains: [{ chain: base }] })
  expect(create).toThrowError(ChainNotFoundError)
  expect(create).toThrowError('Chain (Polygon) not found in connections config object')
})

test('error: no connection URL', () => {
  // @ts-expect-error the rpcUrl is required
  expect(() => createConfig({ connection: { apiKey: 'sigil_test' }, chain: base })).toThrowError(
    InvalidSignerConfigError,
  )
})
