import { createMemoryStorage } from '@sigil/signer'
import { http } from 'viem'
import { expect, test } from 'vitest'
import { base, baseSepolia } from '../chains/chains.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { CreateConfigParameters } from '../config/CreateConfigParameters.js'
import { createConfig } from '../createConfig.js'
import type { SmartAccountState } from './CoreState.js'
import { toSignerStatusState } from './toSignerStatusState.js'

/** The persisted app state (version 14) through `createConfig`: written, restored, or rebuilt. */

const user = {
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  orgId: 'org-1',
  userId: 'user-1',
  email: 'ada@example.com',
  idToken: 'header.payload.signature',
  solanaAddress: 'So11111111111111111111111111111111111111112',
} as const

const lightAccount: SmartAccountState = {
  status: 'READY',
  address: '0x00000000000000000000000000000000000000a1',
  owner: user.address,
  error: undefined,
}

const setup = (overrides: Partial<CreateConfigParameters> = {}) => {
  const storage = createMemoryStorage()
  const parameters: CreateConfigParameters = {
    connection: { rpcUrl: 'https://signer.example.com', jwt: 'jwt-1' },
    chain: base,
    chains: [
      { chain: base, policyId: 'pol_1' },
      { chain: baseSepolia, transport: http('https://rpc.example') },
    ],
    storage: () => storage,
    ...overrides,
  }
  const config = createConfig(parameters)
  config.store.setState({
    chain: baseSepolia,
    user,
    signerStatus: toSignerStatusState('CONNECTED'),
    accounts: { [base.id]: {}, [baseSepolia.id]: { LightAccount: lightAccount } },
  })
  return { storage, parameters, config }
}

test('default: writes version 14 under alchemy-account-state, JSON-safe and without secrets', () => {
  const { storage } = setup()
  const stored = JSON.parse(storage.getItem('alchemy-account-state')!)
  expect(stored.version).toBe(14)
  expect(stored.state).toEqual({
    chain: { id: baseSepolia.id },
    connections: {
      [base.id]: { chain: { id: base.id }, policyId: 'pol_1' },
      [baseSepolia.id]: {
        chain: { id: baseSepolia.id },
        transport: {
          __type: 'Transport',
          key: 'http',
          name: 'HTTP JSON-RPC',
          type: 'http',
          url: 'https://rpc.example',
        },
      },
    },
    accounts: { [base.id]: {}, [baseSepolia.id]: { LightAccount: lightAccount } },
    config: {
      connection: { rpcUrl: 'https://signer.example.com', credential: 'jwt' },
      enablePopupOauth: false,
      sessionConfig: {},
    },
    user: { address: user.address, orgId: 'org-1', userId: 'user-1', email: 'ada@example.com' },
    signerStatus: toSignerStatusState('CONNECTED'),
  })
  expect(storage.getItem('alchemy-account-state')).not.toContain('jwt-1')
})

test('behavior: a new config of the same settings restores chain, user, status and accounts', () => {
  const { storage, parameters } = setup()
  const restored = createConfig({ ...parameters, storage: () => storage }).store.getState()
  expect(restored.chain).toBe(baseSepolia)
  expect(restored.user).toEqual({
    address: user.address,
    orgId: 'org-1',
    userId: 'user-1',
    email: 'ada@example.com',
  })
  expect(restored.signerStatus).toEqual(toSignerStatusState('CONNECTED'))
  expect(restored.accounts[baseSepolia.id]).toEqual({ LightAccount: lightAccount })
  expect(restored.connections[baseSepolia.id]?.transport).toBe(parameters.chains?.[1]?.transport)
})

test('behavior: a refreshed jwt is no config change', () => {
  const { parameters } = setup()
  const restored = createConfig({ ...parameters, connection: { ...parameters.connection, jwt: 'jwt-2' } })
  expect(restored.store.getState().user?.userId).toBe('user-1')
})

test('behavior: an older version is discarded and the state rebuilt (and written back as 14)', () => {
  const { storage, parameters } = setup()
  const stored = JSON.parse(storage.getItem('alchemy-account-state')!)
  storage.setItem('alchemy-account-state', JSON.stringify({ ...stored, version: 13 }))
  const { chain, user: restoredUser, signerStatus } = createConfig(parameters).store.getState()
  expect({ chainId: chain.id, user: restoredUser, status: signerStatus.status }).toEqual({
    chainId: base.id,
    user: undefined,
    status: 'INITIALIZING',
  })
  const rewritten = JSON.parse(storage.getItem('alchemy-account-state')!)
  expect(rewritten).toMatchObject({ version: 14, state: { chain: { id: base.id } } })
  expect(rewritten.state.user).toBeUndefined()
})

test.each([
  ['the signer URL', { connection: { rpcUrl: 'https://other.example.com', jwt: 'jwt-1' } }],
  ['the credential kind', { connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_k' } }],
  [
    'a chain more',
    {
      chains: [
        { chain: base, policyId: 'pol_1' },
        { chain: baseSepolia, transport: http('https://rpc.example') },
        { chain: sigilDevnet },
      ],
    },
  ],
  [
    'a policy',
    {
      chains: [
        { chain: base, policyId: 'pol_2' },
        { chain: baseSepolia, transport: http('https://rpc.example') },
      ],
    },
  ],
  [
    'a transport URL',
    {
      chains: [
        { chain: base, policyId: 'pol_1' },
        { chain: baseSepolia, transport: http('https://rpc2.example') },
      ],
    },
  ],
  ['the session key', { sessionConfig: { sessionKey: 'my-session' } }],
  ['popup OAuth', { enablePopupOauth: true }],
] as [string, Partial<CreateConfigParameters>][])(
  'behavior: a changed config (%s) rebuilds the state',
  (_, change) => {
    const { storage, parameters } = setup()
    const { user: restoredUser, chain } = createConfig({
      ...parameters,
      ...change,
      storage: () => storage,
    }).store.getState()
    expect({ user: restoredUser, chainId: chain.id }).toEqual({ user: undefined, chainId: base.id })
  },
)

test('behavior: a stored chain that is no longer configured rebuilds the state', () => {
  const { storage, parameters } = setup()
  const stored = JSON.parse(storage.getItem('alchemy-account-state')!)
  stored.state.chain = { id: 1 }
  storage.setItem('alchemy-account-state', JSON.stringify(stored))
  expect(createConfig(parameters).store.getState().user).toBeUndefined()
})

test('behavior: unreadable stored text rebuilds the state', () => {
  const { storage, parameters } = setup()
  storage.setItem('alchemy-account-state', '{not json')
  expect(createConfig(parameters).store.getState().user).toBeUndefined()
})

test('behavior: with ssr the storage is read only by rehydrate', async () => {
  const { parameters } = setup()
  const config = createConfig({ ...parameters, ssr: true })
  expect(config.store.getState().user).toBeUndefined()
  await config.store.persist.rehydrate()
  expect(config.store.getState().user?.userId).toBe('user-1')
})
