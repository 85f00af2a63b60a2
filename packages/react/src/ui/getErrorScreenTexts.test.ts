import {
  WalletChainNotFoundError,
  WalletConnectNotInstalledError,
  WalletConnectParamsNotFoundError,
} from '@sigil/core'
import { SignerRequestError } from '@sigil/signer'
import { expect, test } from 'vitest'
import { getErrorScreenTexts } from './getErrorScreenTexts.js'

const serverError = (status: number, error: string, code: string) =>
  new SignerRequestError(JSON.stringify({ error, code }), { status, route: '/v1/otp' })

test('default: each kind has the error screen texts of docs/sign-in-ui.md', () => {
  const failure = new Error('boom')
  expect(getErrorScreenTexts(failure, { kind: 'passkey' })).toEqual({
    heading: 'Connection failed',
    body: 'Passkey request timed out or canceled by the agent. You may have to use another method to register a passkey for your account.',
    tryAgain: 'Try again',
  })
  expect(getErrorScreenTexts(failure, { kind: 'oauth', name: 'Google' })).toEqual({
    heading: "Couldn't connect to Google",
    body: 'The connection failed or canceled',
    tryAgain: 'Try again',
  })
  expect(getErrorScreenTexts(failure, { kind: 'otp' })).toEqual({
    heading: 'Connection failed',
    body: 'The code could not be verified',
    tryAgain: 'Try again',
  })
  expect(getErrorScreenTexts(failure, { kind: 'wallet', name: 'MetaMask' })).toEqual({
    heading: "Couldn't connect to MetaMask",
    body: "The wallet's connection failed or was canceled.",
    tryAgain: 'Try again',
  })
  expect(getErrorScreenTexts(failure, { kind: 'walletConnect' }).heading).toBe(
    "Couldn't connect to WalletConnect",
  )
})

test('behavior: real failures pick their screen', () => {
  const chain = { id: 31337, name: 'Sigil Devnet' }
  expect(
    getErrorScreenTexts(new WalletChainNotFoundError({ chain }), { kind: 'wallet', name: 'MetaMask' }),
  ).toEqual({
    heading: 'The connected wallet does not support this network',
    body: 'The wallet connection failed.',
    tryAgain: 'Try again with a different wallet',
  })
  for (const failure of [new WalletConnectParamsNotFoundError(), new WalletConnectNotInstalledError()])
    expect(getErrorScreenTexts(failure, { kind: 'walletConnect' })).toEqual({
      heading: "Couldn't connect to WalletConnect",
      body: 'The WalletConnect configuration is missing or incorrect.',
      tryAgain: 'Try again',
    })
  const denied = {
    heading: 'Permission denied',
    body: 'The request is currently not allowed by the agent or the platform. Try again later.',
    tryAgain: 'Try again',
  }
  expect(getErrorScreenTexts(serverError(403, 'forbidden', 'FORBIDDEN'), { kind: 'otp' })).toEqual(denied)
  expect(
    getErrorScreenTexts(serverError(429, 'too many requests', 'RATE_LIMITED'), { kind: 'passkey' }),
  ).toEqual(denied)
  // A passkey for another site: Account Kit's screen, with what happened in plain words.
  expect(
    getErrorScreenTexts(new DOMException('not allowed here', 'SecurityError'), { kind: 'passkey' }),
  ).toEqual({
    ...denied,
    description:
      "Your passkey can't be used on this web address. Check that you are on the right site, then try again.",
  })
  const timedOut = {
    heading: 'Connection timed out',
    body: 'It looks like you need more time.',
    tryAgain: 'Try again',
  }
  expect(getErrorScreenTexts(new DOMException('slow', 'TimeoutError'), { kind: 'passkey' })).toEqual(timedOut)
  const frame = new Error('The frame http://sigil.test/frame/auth did not answer within 10000 ms. Check …')
  expect(getErrorScreenTexts(frame, { kind: 'oauth', name: 'Google' })).toEqual(timedOut)
  expect(
    getErrorScreenTexts(new DOMException('cancelled', 'NotAllowedError'), { kind: 'passkey' }).heading,
  ).toBe('Connection failed')
})

test('behavior: a passkey failure says what happened in plain words; no screen names the browser error', () => {
  const cancelled =
    'The passkey window was closed or timed out before you confirmed. Try again when you are ready.'
  for (const name of ['NotAllowedError', 'AbortError'])
    expect(
      getErrorScreenTexts(new DOMException('The operation either timed out or was not allowed.', name), {
        kind: 'passkey',
      }),
    ).toEqual({
      heading: 'Connection failed',
      body: 'Passkey request timed out or canceled by the agent. You may have to use another method to register a passkey for your account.',
      description: cancelled,
      tryAgain: 'Try again',
    })
  // Wrapped by the SDK: the browser's error is found in the cause chain.
  const wrapped = new Error('Failed to add passkey', {
    cause: new DOMException('The user attempted to register an authenticator…', 'InvalidStateError'),
  })
  expect(getErrorScreenTexts(wrapped, { kind: 'passkey' })).toEqual({
    heading: 'Passkey already on this device',
    body: 'This device already has a passkey for your account, so there is nothing to add. Use it to sign in.',
    tryAgain: 'Try again',
  })
  expect(getErrorScreenTexts(new DOMException('nope', 'NotSupportedError'), { kind: 'passkey' })).toEqual({
    heading: 'Passkeys are not available here',
    body: "This browser or device can't use passkeys. Try another browser, or sign in with your email.",
    tryAgain: 'Try again',
  })
  for (const name of [
    'NotAllowedError',
    'AbortError',
    'InvalidStateError',
    'SecurityError',
    'NotSupportedError',
  ]) {
    const screen = getErrorScreenTexts(
      new DOMException('The operation either timed out or was not allowed.', name),
      {
        kind: 'passkey',
      },
    )
    const shown = [screen.heading, screen.description ?? ''].join(' ')
    expect(shown).not.toMatch(/Error|WebAuthn|credential|authenticator|RP ID|relying party|agent|operation/i)
  }
  // Other kinds keep their screens without a passkey description.
  expect(
    getErrorScreenTexts(new DOMException('x', 'NotAllowedError'), { kind: 'oauth', name: 'Google' })
      .description,
  ).toBeUndefined()
})
