import { signerStatus } from '@sigil/signer'
import { expect, test } from 'vitest'
import { toSignerStatusState } from './toSignerStatusState.js'

test('default', () => {
  expect(toSignerStatusState('INITIALIZING')).toEqual({
    status: 'INITIALIZING',
    error: undefined,
    isInitializing: true,
    isAuthenticating: false,
    isConnected: false,
    isDisconnected: false,
  })
})

test('behavior: the flags of every status', () => {
  const rows = Object.values(signerStatus).map((status) => {
    const { isInitializing, isAuthenticating, isConnected, isDisconnected } = toSignerStatusState(status)
    return { status, isInitializing, isAuthenticating, isConnected, isDisconnected }
  })
  expect(rows).toEqual([
    {
      status: 'INITIALIZING',
      isInitializing: true,
      isAuthenticating: false,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'CONNECTED',
      isInitializing: false,
      isAuthenticating: false,
      isConnected: true,
      isDisconnected: false,
    },
    {
      status: 'DISCONNECTED',
      isInitializing: false,
      isAuthenticating: false,
      isConnected: false,
      isDisconnected: true,
    },
    {
      status: 'AUTHENTICATING_PASSKEY',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AUTHENTICATING_EMAIL',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AUTHENTICATING_OAUTH',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AUTHENTICATING_JWT',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AWAITING_EMAIL_AUTH',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AWAITING_SMS_AUTH',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AWAITING_OTP_AUTH',
      isInitializing: false,
      isAuthenticating: true,
      isConnected: false,
      isDisconnected: false,
    },
    {
      status: 'AWAITING_MFA_AUTH',
      isInitializing: false,
      isAuthenticating: false,
      isConnected: false,
      isDisconnected: false,
    },
  ])
})

test('behavior: keeps the error', () => {
  const error = { name: 'SignerRequestError', message: 'invalid OTP code' }
  expect(toSignerStatusState('DISCONNECTED', error).error).toBe(error)
})
