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
