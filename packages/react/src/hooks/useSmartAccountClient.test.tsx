// @vitest-environment happy-dom
import { disconnect, sigilDevnet } from '@sigil/core'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  createSmartAccountTestbed,
  type SmartAccountTestbed,
} from '../../../core/src/test/createSmartAccountTestbed.js'
import { createConfig } from '../context/createConfig.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useSmartAccountClient } from './useSmartAccountClient.js'

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.cleanup())

const pollingInterval = 50

test('default: after sign-in, the user’s LightAccount client and its counterfactual address', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const { result } = renderHook(
    () => ({
      account: useSmartAccountClient({ type: 'LightAccount', pollingInterval }),
      status: useSignerStatus(),
    }),
    { wrapper: createSigilWrapper(config) },
  )
  await waitFor(() => expect(result.current.status.isInitializing).toBe(false))
  expect(result.current.account).toEqual({
    client: undefined,
    address: undefined,
    isLoadingClient: false,
    error: null,
  })

  const { address: owner } = await testbed.signIn(config, 'ada@example.com')
  await waitFor(() => expect(result.current.account.client).toBeDefined())
  const { client, address, isLoadingClient } = result.current.account
  expect(client!.account.address).toBe(address)
  expect(client!.account.owner.address).toBe(owner)
  expect(isLoadingClient).toBe(false)
  expect(config.store.getState().accounts[testbed.devnet.chainId]?.LightAccount).toMatchObject({
    status: 'READY',
    address,
    owner,
  })

  await disconnect(config)
  await waitFor(() => expect(result.current.account.client).toBeUndefined())
  expect(result.current.account.address).toBeUndefined()
})

test('behavior: signed out and in again as the same user, the same account comes back with a new client', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const { result } = renderHook(() => useSmartAccountClient({ type: 'LightAccount', pollingInterval }), {
    wrapper: createSigilWrapper(config),
  })
  await testbed.signIn(config, 'ada.again@example.com')
  await waitFor(() => expect(result.current.client).toBeDefined())
  const first = result.current.client!
  await disconnect(config)
  await waitFor(() => expect(result.current).toMatchObject({ client: undefined, address: undefined }))

  await testbed.signIn(config, 'ada.again@example.com')
  await waitFor(() => expect(result.current.client).toBeDefined())
  expect(result.current.client).not.toBe(first)
  expect(result.current.address).toBe(first.account.address)
  expect(result.current.isLoadingClient).toBe(false)
  expect(config.store.getState().accounts[testbed.devnet.chainId]?.LightAccount).toMatchObject({
    status: 'READY',
    address: first.account.address,
  })
})

test('behavior: a component mounted again after a sign-out and in (as an app shows its signed-in page): the account comes back', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const wrapper = createSigilWrapper(config)
  const use = () => useSmartAccountClient({ type: 'LightAccount', pollingInterval })
  await testbed.signIn(config, 'grace.again@example.com')
  const before = renderHook(use, { wrapper })
  await waitFor(() => expect(before.result.current.client).toBeDefined())
  const { address } = before.result.current.client!.account
  before.unmount()

  await disconnect(config)
  await testbed.signIn(config, 'grace.again@example.com')
  const after = renderHook(use, { wrapper })
  await waitFor(() => expect(after.result.current.client).toBeDefined())
  expect(after.result.current).toMatchObject({ address, isLoadingClient: false, error: null })
})

test('default: without a type, the ModularAccountV2', async () => {
  const config = createConfig(testbed.inProcessParameters())
  await testbed.signIn(config, 'barbara@example.com')
  const { result } = renderHook(() => useSmartAccountClient(), { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(result.current.client).toBeDefined())
  const { accounts } = config.store.getState()
  expect(accounts[testbed.devnet.chainId]).toEqual({
    ModularAccountV2: expect.objectContaining({ status: 'READY', address: result.current.address }),
  })
  expect(result.current.client?.account.entryPoint.version).toBe('0.7')
})

test('behavior: another type or version is another account', async () => {
  const config = createConfig(testbed.inProcessParameters())
  await testbed.signIn(config, 'grace@example.com')
  const { result } = renderHook(
    () => ({
      light: useSmartAccountClient({ type: 'LightAccount', accountParams: { version: 'v1.1.0', salt: 1n } }),
      modular: useSmartAccountClient({ type: 'ModularAccountV2' }),
    }),
    { wrapper: createSigilWrapper(config) },
  )
  await waitFor(() => expect(result.current.light.address && result.current.modular.address).toBeTruthy())
  expect(result.current.light.address).not.toBe(result.current.modular.address)
  expect(result.current.light.client?.account.entryPoint.version).toBe('0.6')
})

test('error: a chain whose gateway URL is invalid: the error, and ERROR in the store', async () => {
  const config = createConfig(
    testbed.inProcessParameters({ chains: [{ chain: sigilDevnet, rpcUrl: 'not a url' }] }),
  )
  await testbed.signIn(config, 'alan@example.com')
  const { result } = renderHook(() => useSmartAccountClient({ type: 'LightAccount' }), {
    wrapper: createSigilWrapper(config),
  })
  await waitFor(() => expect(result.current.error).not.toBeNull())
  expect(result.current.error?.name).toBe('InvalidRpcUrlError')
  expect(result.current).toMatchObject({ client: undefined, isLoadingClient: false })
  expect(config.store.getState().accounts[sigilDevnet.id]?.LightAccount).toMatchObject({
    status: 'ERROR',
    error: { name: 'InvalidRpcUrlError', message: result.current.error?.message },
  })
})
