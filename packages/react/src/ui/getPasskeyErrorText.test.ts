import { expect, test } from 'vitest'
import { getPasskeyErrorText } from './getPasskeyErrorText.js'

const browserMessage =
  'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/'

test('default: each WebAuthn failure in plain words', () => {
  expect(getPasskeyErrorText(new DOMException(browserMessage, 'NotAllowedError'))).toBe(
    'The passkey window was closed or timed out before you confirmed. Try again when you are ready.',
  )
  expect(getPasskeyErrorText(new DOMException('aborted', 'AbortError'))).toBe(
    getPasskeyErrorText(new DOMException(browserMessage, 'NotAllowedError')),
  )
  expect(getPasskeyErrorText(new DOMException('already registered', 'InvalidStateError'))).toBe(
    'This device already has a passkey for your account, so there is nothing to add. Use it to sign in.',
  )
  expect(getPasskeyErrorText(new DOMException('The relying party ID is not…', 'SecurityError'))).toBe(
    "Your passkey can't be used on this web address. Check that you are on the right site, then try again.",
  )
  expect(getPasskeyErrorText(new DOMException('no', 'NotSupportedError'))).toBe(
    "This browser or device can't use passkeys. Try another browser, or sign in with your email.",
  )
  expect(getPasskeyErrorText(new DOMException('slow', 'TimeoutError'))).toBe(
    'The passkey request took too long. Try again.',
  )
})

test('behavior: found in the cause chain; other failures are not passkey failures', () => {
  const wrapped = new Error('sign-in failed', { cause: new DOMException(browserMessage, 'NotAllowedError') })
  expect(getPasskeyErrorText(wrapped)).toMatch(/^The passkey window was closed/)
  expect(getPasskeyErrorText(new Error('boom'))).toBeUndefined()
  expect(getPasskeyErrorText('NotAllowedError')).toBeUndefined()
  expect(getPasskeyErrorText(undefined)).toBeUndefined()
})
