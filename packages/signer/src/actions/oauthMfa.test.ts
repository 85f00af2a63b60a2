import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { sealMfaToken } from '../../../server/src/auth/mfa/sealMfaToken.js'
import { createNodeFrameStamper } from '../test/createNodeFrameStamper.js'
import {
  createSignerTestbed,
  type SignerTestbed,
  testRpcUrl,
  waitForStatus,
} from '../test/createSignerTestbed.js'

/**
 * OAuth sign-in of a user with a TOTP factor: the callback answers `MFA_REQUIRED` (an MFA token
 * sealed by the real server, bound to this signer's key) instead of a bundle, in a popup message or
 * in the redirect's address. The signer waits at AWAITING_MFA_AUTH; `validateMultiFactors` finishes.
 */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

/** A user with a verified TOTP factor (enrolled through the SDK), then signed out. */
const userWithFactor = async (email: string) => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, email)
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  await signer.disconnect()
  return { user, ...added }
}

/** What the callback sends for this user: an MFA token sealed to `targetPublicKey`. */
const mfaToken = (user: { orgId: string; userId: string }, targetPublicKey: string) =>
  sealMfaToken(testbed.server.app.sigil, {
    organizationId: user.orgId,
    userId: user.userId,
    targetPublicKey,
    credentialType: 'CREDENTIAL_TYPE_OAUTH_KEY_P256',
  })

test('default: a popup MFA-required result waits at AWAITING_MFA_AUTH; the TOTP code signs in', async () => {
  const factor = await userWithFactor('oauth-mfa-popup@example.com')
  const popup = {
    closed: false,
    close() {
      popup.closed = true
    },
  }
  const window = Object.assign(new EventTarget(), {
    location: { href: 'http://localhost:5173/login', origin: 'http://localhost:5173' },
    open: () => popup,
  })
  const signer = testbed.createSigner({ window })
  await signer.ready
  const targetPublicKey = await signer.sessionStamper.init()
  signer.current.oauthConfig = {
    codeChallenge: 'c',
    requestKey: 'r',
    authProviders: [{ id: 'google', clientId: 'g', authEndpoint: 'https://accounts.example/auth' }],
  }
  const pending = signer.authenticate({ type: 'oauth', authProviderId: 'google', mode: 'popup' })
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: testRpcUrl,
      data: {
        alchemyStatus: 'MFA_REQUIRED',
        alchemyOrgId: factor.user.orgId,
        alchemyEncryptedPayload: mfaToken(factor.user, targetPublicKey),
        alchemyMultiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }],
        alchemyError: 'MFA is required for this user',
      },
    }),
  )
  await waitForStatus(signer, 'AWAITING_MFA_AUTH')
  expect(popup.closed).toBe(true)
  expect(signer.error).toBeUndefined()
  expect(signer.mfaStatus).toEqual({ mfaRequired: true, mfaFactorId: factor.multiFactorId })
  const user = await signer.validateMultiFactors({
    multiFactorCode: await totpCode(factor.multiFactorTotpUrl, 1),
  })
  expect(user).toMatchObject({ userId: factor.user.userId, orgId: factor.user.orgId })
  expect(await pending).toMatchObject({ userId: factor.user.userId })
  expect(signer.status).toBe('CONNECTED')
})

test('behavior: a redirect back with alchemy-status=MFA_REQUIRED waits for the code, not an error', async () => {
  const factor = await userWithFactor('oauth-mfa-redirect@example.com')
  // The key frame keeps its key across the redirect: the token is sealed to it before the page loads.
  const stamper = createNodeFrameStamper()
  const targetPublicKey = await stamper.init()
  const url = new URL('http://localhost:5173/return?keep=1')
  url.searchParams.set('alchemy-status', 'MFA_REQUIRED')
  url.searchParams.set('alchemy-org-id', factor.user.orgId)
  url.searchParams.set('alchemy-encrypted-payload', mfaToken(factor.user, targetPublicKey))
  url.searchParams.set(
    'alchemy-mfa-factors',
    JSON.stringify([{ multiFactorId: factor.multiFactorId, multiFactorType: 'totp' }]),
  )
  url.searchParams.set('alchemy-error', 'MFA is required for this user')
  const replaced: string[] = []
  const window = Object.assign(new EventTarget(), {
    location: { href: url.href, origin: url.origin },
    history: {
      replaceState: (_data: unknown, _unused: string, next?: string | URL | null) =>
        void replaced.push(String(next)),
    },
  })
  const signer = testbed.createSigner({ window, stamper })
  await signer.ready
  expect(replaced).toEqual(['http://localhost:5173/return?keep=1'])
  expect(signer.status).toBe('AWAITING_MFA_AUTH')
  expect(signer.error).toBeUndefined()
  const user = await signer.validateMultiFactors({
    multiFactorCode: await totpCode(factor.multiFactorTotpUrl, 1),
  })
  expect(user).toMatchObject({ userId: factor.user.userId })
  expect(signer.status).toBe('CONNECTED')
})

test('behavior: removing the factor needs its code; MfaRequiredError names the factor', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'remove-mfa@example.com')
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  const refused = await signer
    .removeMfa({ multiFactorIds: [added.multiFactorId] })
    .catch((error: unknown) => error)
  expect(refused).toMatchObject({
    name: 'MfaRequiredError',
    multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorType: 'totp' }],
  })
  const multiFactorCode = await totpCode(added.multiFactorTotpUrl, 1)
  expect(
    await signer.removeMfa({
      multiFactorIds: [added.multiFactorId],
      multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode }],
    }),
  ).toEqual({ multiFactors: [] })
})
