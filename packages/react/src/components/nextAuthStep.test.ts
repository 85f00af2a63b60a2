import { expect, test } from 'vitest'
import type { AuthStep } from './AuthStep.js'
import { canGoBack, nextAuthStep, shouldDisconnectOnBack } from './nextAuthStep.js'

const email = 'ada@example.com'
const wallet = { id: 'io.metamask', name: 'MetaMask' }
const google = { type: 'social', authProviderId: 'google', mode: 'popup' } as const
const failure = new Error('boom')

test('default: the email code path goes initial → otp_verify → verifying → success → complete', () => {
  let step: AuthStep = { type: 'initial' }
  step = nextAuthStep(step, { type: 'EMAIL_CODE_REQUESTED', email })
  expect(step).toEqual({ type: 'otp_verify', email, status: 'base' })
  step = nextAuthStep(step, { type: 'OTP_VERIFYING' })
  expect(step).toEqual({ type: 'otp_verify', email, status: 'verifying' })
  step = nextAuthStep(step, { type: 'OTP_VERIFIED' })
  expect(step).toEqual({ type: 'otp_verify', email, status: 'success' })
  expect(nextAuthStep(step, { type: 'CONNECTED' })).toEqual({ type: 'complete' })
})

test('behavior: a wrong code keeps otp_verify with the error; the next try drops it', () => {
  const step = nextAuthStep(
    { type: 'otp_verify', email, status: 'verifying' },
    { type: 'FAILED', error: failure },
  )
  expect(step).toEqual({ type: 'otp_verify', email, status: 'error', error: failure })
  expect(nextAuthStep(step, { type: 'OTP_VERIFYING' })).toEqual({
    type: 'otp_verify',
    email,
    status: 'verifying',
  })
})

test('behavior: second factors go to totp_verify after a code or a link request', () => {
  expect(nextAuthStep({ type: 'otp_verify', email }, { type: 'MFA_REQUIRED', previousStep: 'otp' })).toEqual({
    type: 'totp_verify',
    previousStep: 'otp',
  })
  expect(
    nextAuthStep(
      { type: 'initial' },
      { type: 'MFA_REQUIRED', previousStep: 'magicLink', email, factorId: 'f' },
    ),
  ).toEqual({ type: 'totp_verify', previousStep: 'magicLink', email, factorId: 'f' })
})

test('behavior: a new user with addPasskeyOnSignup is offered a passkey; Skip and success complete', () => {
  const offered = nextAuthStep(
    { type: 'otp_verify', email },
    { type: 'CONNECTED', isNewUser: true, addPasskeyOnSignup: true },
  )
  expect(offered).toEqual({ type: 'passkey_create' })
  expect(nextAuthStep({ type: 'otp_verify', email }, { type: 'CONNECTED', isNewUser: true })).toEqual({
    type: 'complete',
  })
  expect(nextAuthStep(offered, { type: 'CONNECTED' })).toBe(offered)
  expect(nextAuthStep(offered, { type: 'SKIP' })).toEqual({ type: 'complete' })
  const added = nextAuthStep(offered, { type: 'PASSKEY_ADDED' })
  expect(added).toEqual({ type: 'passkey_create_success' })
  expect(nextAuthStep(added, { type: 'COMPLETE' })).toEqual({ type: 'complete' })
})

test('behavior: wallets: pick_eoa → eoa_connect | wallet_connect; Cancel → initial; errors → pick_eoa', () => {
  const picking = nextAuthStep({ type: 'initial' }, { type: 'PICK_WALLET' })
  expect(picking).toEqual({ type: 'pick_eoa' })
  const connecting = nextAuthStep(picking, { type: 'WALLET_CONNECTING', wallet })
  expect(connecting).toEqual({ type: 'eoa_connect', wallet })
  expect(nextAuthStep(connecting, { type: 'CANCEL' })).toEqual({ type: 'initial' })
  const failed = nextAuthStep(connecting, { type: 'FAILED', error: failure })
  expect(failed).toEqual({ type: 'eoa_connect', wallet, error: failure })
  expect(nextAuthStep(failed, { type: 'TRY_AGAIN' })).toEqual({ type: 'eoa_connect', wallet })
  expect(nextAuthStep(failed, { type: 'USE_ANOTHER_METHOD' })).toEqual({ type: 'pick_eoa' })
  expect(nextAuthStep(picking, { type: 'WALLETCONNECT_CONNECTING' })).toEqual({ type: 'wallet_connect' })
  expect(nextAuthStep({ type: 'wallet_connect', error: failure }, { type: 'USE_ANOTHER_METHOD' })).toEqual({
    type: 'pick_eoa',
  })
  expect(nextAuthStep(connecting, { type: 'COMPLETE' })).toEqual({ type: 'complete' })
})

test('behavior: OAuth: oauth_completing, a cancelled popup goes back to initial, errors stay', () => {
  const completing = nextAuthStep({ type: 'initial' }, { type: 'OAUTH_STARTED', config: google })
  expect(completing).toEqual({ type: 'oauth_completing', config: google })
  expect(nextAuthStep(completing, { type: 'OAUTH_CANCELLED' })).toEqual({ type: 'initial' })
  const failed = nextAuthStep(completing, { type: 'FAILED', error: failure })
  expect(failed).toEqual({ type: 'oauth_completing', config: google, error: failure })
  expect(nextAuthStep(failed, { type: 'USE_ANOTHER_METHOD' })).toEqual({ type: 'initial' })
})

test('behavior: back, close and reset follow docs/sign-in-ui.md#steps', () => {
  const steps: AuthStep[] = [
    { type: 'email_verify', email },
    { type: 'otp_verify', email },
    // The authenticator code step has a way back too (issue 31): to the first step, the sign-in ended.
    { type: 'totp_verify', previousStep: 'otp' },
    { type: 'totp_verify', previousStep: 'magicLink', email, factorId: 'f' },
    { type: 'passkey_verify' },
    { type: 'passkey_create' },
    { type: 'oauth_completing', config: google },
  ]
  for (const step of steps) {
    expect(canGoBack(step)).toBe(true)
    expect(shouldDisconnectOnBack(step)).toBe(true)
    expect(nextAuthStep(step, { type: 'BACK' })).toEqual({ type: 'initial' })
  }
  expect(nextAuthStep({ type: 'eoa_connect', wallet }, { type: 'BACK' })).toEqual({ type: 'pick_eoa' })
  expect(nextAuthStep({ type: 'wallet_connect' }, { type: 'BACK' })).toEqual({ type: 'pick_eoa' })
  expect(nextAuthStep({ type: 'pick_eoa' }, { type: 'BACK' })).toEqual({ type: 'initial' })
  expect(shouldDisconnectOnBack({ type: 'pick_eoa' })).toBe(false)
  expect(canGoBack({ type: 'initial' })).toBe(false)
  expect(nextAuthStep({ type: 'initial' }, { type: 'BACK' })).toEqual({ type: 'initial' })
  expect(nextAuthStep({ type: 'passkey_create' }, { type: 'CLOSE' })).toEqual({ type: 'complete' })
  expect(nextAuthStep({ type: 'otp_verify', email }, { type: 'CLOSE' })).toEqual({ type: 'initial' })
  expect(nextAuthStep({ type: 'email_verify', email }, { type: 'RESET', error: failure })).toEqual({
    type: 'initial',
    error: failure,
  })
  expect(nextAuthStep({ type: 'initial' }, { type: 'EMAIL_COMPLETING' })).toEqual({
    type: 'email_completing',
  })
  expect(nextAuthStep({ type: 'initial' }, { type: 'EMAIL_LINK_SENT', email })).toEqual({
    type: 'email_verify',
    email,
  })
  expect(nextAuthStep({ type: 'initial' }, { type: 'PASSKEY_STARTED' })).toEqual({ type: 'passkey_verify' })
})
