// @vitest-environment happy-dom
import {
  cookieStorage,
  cookieToInitialState,
  createConfig as createCoreConfig,
  hydrate,
  sigilDevnet,
} from '@sigil/core'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { useSignerStatus } from '../hooks/useSignerStatus.js'
import { useUser } from '../hooks/useUser.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { NoSigilContextError } from './errors/NoSigilContextError.js'

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: once mounted the signer starts and the status leaves INITIALIZING', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useSignerStatus(), { wrapper: createSigilWrapper(config) })
  expect(result.current.status).toBe('INITIALIZING')
  await waitFor(() => expect(result.current.isDisconnected).toBe(true))
  expect(config.store.getState().signer).toBeDefined()
})

test('behavior: in StrictMode the signer is made once', async () => {
  const config = testbed.createConfig()
  const Wrapper = createSigilWrapper(config)
  function Status() {
    return <p>{useSignerStatus().status}</p>
  }
  render(
    <StrictMode>
      <Wrapper>
        <Status />
      </Wrapper>
    </StrictMode>,
  )
  await screen.findByText('DISCONNECTED')
  const signer = config.store.getState().signer
  await waitFor(() => expect(config.store.getState().signer).toBe(signer))
})

test('behavior: initialState from the cookie (server rendering) is the first render; the client then restores the session', async () => {
  // A browser session signed in with cookie storage (happy-dom keeps document.cookie).
  const stamper = createNodeFrameStamper()
  const browser = testbed.createConfig({ ssr: true, storage: cookieStorage, stamper })
  await hydrate(browser).onMount()
  const user = await testbed.signIn(browser, 'ada@example.com')
  browser.store.getState().signer?.destroy()

  // The server reads the cookie header into a JSON-safe initial state.
  const {
    stamper: _,
    window: __,
    ...serverParameters
  } = testbed.parameters({ ssr: true, storage: cookieStorage })
  const initialState = cookieToInitialState(
    createCoreConfig(serverParameters),
    `theme=dark; ${document.cookie}`,
  )
  expect(initialState?.user?.address).toBe(user.address)

  // The client (same key frame key, as after a reload) renders it first, then the signer restores the session.
  const config = testbed.createConfig({
    ssr: true,
    storage: cookieStorage,
    stamper: createNodeFrameStamper(stamper.targetKey()),
  })
  const renders: { address: string | undefined; status: string }[] = []
  const { result } = renderHook(
    () => {
      const current = { user: useUser(), status: useSignerStatus() }
      renders.push({ address: current.user?.address, status: current.status.status })
      return current
    },
    { wrapper: createSigilWrapper(config, { initialState }) },
  )
  expect(renders[0]).toEqual({ address: user.address, status: 'INITIALIZING' })
  await waitFor(() => expect(result.current.status.isConnected).toBe(true), { timeout: 10_000 })
  expect(result.current.user).toEqual({ ...user, type: 'sca' })
})

test('error: a hook outside the provider throws NoSigilContextError naming the hook', () => {
  expect(() => renderHook(() => useUser())).toThrowError(NoSigilContextError)
  expect(() => renderHook(() => useSignerStatus())).toThrowError(
    'useSignerStatus must be used within a SigilProvider',
  )
})

test('behavior: a config without a signer (server rendering) renders the persisted status', () => {
  const config = createCoreConfig({
    connection: { rpcUrl: 'https://signer.example.com' },
    chain: sigilDevnet,
  })
  const { result } = renderHook(() => useSignerStatus(), { wrapper: createSigilWrapper(config) })
  expect(result.current.status).toBe('INITIALIZING')
})
