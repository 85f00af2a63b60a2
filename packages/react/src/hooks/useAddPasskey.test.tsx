// @vitest-environment happy-dom
import { NotAuthenticatedError } from '@sigil/signer'
import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAddPasskey } from './useAddPasskey.js'

/** Passkeys need a browser's WebAuthn: the Chromium suites of @sigil/signer add them for real. */

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('error: with nobody signed in, NotAuthenticatedError as the hook error', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useAddPasskey(), { wrapper: createSigilWrapper(config) })
  expect(result.current).toMatchObject({ isAddingPasskey: false, error: null })
  await expect(result.current.addPasskeyAsync()).rejects.toThrowError(NotAuthenticatedError)
  await waitFor(() => expect(result.current.error).toBeInstanceOf(NotAuthenticatedError))
})
