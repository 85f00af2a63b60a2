import { createMemoryStorage } from '@sigil/signer'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { toPersistedState } from '../store/toPersistedState.js'
import { toSignerStatusState } from '../store/toSignerStatusState.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { getSignerStatus } from './getSignerStatus.js'
import { getUser } from './getUser.js'
import { hydrate } from './hydrate.js'

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const user = { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', orgId: 'o', userId: 'u' } as const

test('default: with ssr, onMount reads storage, then makes the signer, which the store follows', async () => {
  const storage = createMemoryStorage()
  const config = testbed.createConfig({ ssr: true, storage: () => storage })
  expect(storage.length).toBe(0)
  expect(config.store.getState().signer).toBeUndefined()
  await hydrate(config).onMount()
  const signer = config.store.getState().signer
  expect(signer).toBeDefined()
  await signer!.ready
  expect(getSignerStatus(config).status).toBe('DISCONNECTED')
  expect(storage.getItem('alchemy-account-state')).toContain('"status":"DISCONNECTED"')
})

test('behavior: an initial state is applied before hydration, with the status INITIALIZING', () => {
  const config = testbed.createConfig({ ssr: true })
  const initialState = {
    ...toPersistedState(config.store.getState()),
    user,
    signerStatus: toSignerStatusState('CONNECTED'),
  }
  hydrate(config, initialState)
  expect(getUser(config)).toEqual(user)
  expect(getSignerStatus(config).status).toBe('INITIALIZING')
})

test('behavior: an initial state of another config, or after hydration, is ignored', () => {
  const config = testbed.createConfig({ ssr: true })
  const persisted = { ...toPersistedState(config.store.getState()), user }
  hydrate(config, { ...persisted, config: { ...persisted.config, rpId: 'other.example' } })
  expect(getUser(config)).toBeUndefined()

  const hydrated = testbed.createConfig({ ssr: false })
  hydrate(hydrated, { ...toPersistedState(hydrated.store.getState()), user })
  expect(getUser(hydrated)).toBeUndefined()
})
