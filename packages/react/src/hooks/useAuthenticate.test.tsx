// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { addJwtIssuer } from '../../../server/src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey, type IssuerKey } from '../../../server/src/auth/jwt/test/createIssuerKey.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAuthenticate } from './useAuthenticate.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

/** `useAuthenticate` with a custom JWT (bring-your-own auth), against the real server in process. */

let testbed: ReactTestbed
let key: IssuerKey
const issuer = 'https://backend.example.test'
beforeEach(async () => {
  testbed = await createReactTestbed()
  key = await createIssuerKey({ issuer, audience: 'react-test' })
  await addJwtIssuer(testbed.server.store.db, {
    appId: testbed.server.signerApp.appId,
    issuer,
    publicKey: key.publicPem,
    audience: 'react-test',
    now: Date.now(),
  })
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: custom-jwt signs the token user in and shows them', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(
    () => ({ auth: useAuthenticate(), user: useUser(), status: useSignerStatus() }),
    { wrapper: createSigilWrapper(config) },
  )
  const jwt = await key.sign({ sub: 'ada' })
  let address = ''
  await act(async () => {
    address = (await result.current.auth.authenticateAsync({ type: 'custom-jwt', jwt })).address
  })
  await waitFor(() => expect(result.current.user?.address).toBe(address))
  expect(result.current.status.isConnected).toBe(true)
  expect(result.current.auth.error).toBeNull()
})

test('error: a replayed token surfaces as the mutation error', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => ({ auth: useAuthenticate(), status: useSignerStatus() }), {
    wrapper: createSigilWrapper(config),
  })
  const jwt = await key.sign({ sub: 'bob' })
  await act(() => result.current.auth.authenticateAsync({ type: 'custom-jwt', jwt }))
  await act(() => config.store.getState().signer!.disconnect())
  act(() => result.current.auth.authenticate({ type: 'custom-jwt', jwt }))
  await waitFor(() => expect(result.current.auth.error).not.toBeNull())
  expect((result.current.auth.error as { code?: string }).code).toBe('JWT_REPLAYED')
  expect(result.current.status.isDisconnected).toBe(true)
})
