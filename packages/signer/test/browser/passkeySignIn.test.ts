import { createPrivateKey } from 'node:crypto'
import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addVirtualAuthenticator, type VirtualCredential } from './addVirtualAuthenticator.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow, waitForStatus } from './testPage.js'

/** Passkey sign-up, login and addPasskey in Chromium, with the DevTools WebAuthn virtual authenticator. */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('passkey')
})
afterAll(async () => {
  await testbed?.close()
})

/** What one `navigator.credentials.create` call asked for, and the algorithm of the key it made. */
type RecordedCreation = {
  rp: { id?: string; name: string }
  user: { name: string; displayName: string; idLength: number }
  challengeLength: number
  pubKeyCredParams: { type: string; alg: number }[]
  authenticatorSelection: AuthenticatorSelectionCriteria | undefined
  publicKeyAlgorithm: number
}

/** Wraps the page's `navigator.credentials.create` to record its options (`window.passkeyCreations`). */
async function recordPasskeyCreations(page: Page) {
  await page.evaluate(() => {
    const recorded: unknown[] = []
    ;(window as unknown as { passkeyCreations: unknown[] }).passkeyCreations = recorded
    const create = navigator.credentials.create.bind(navigator.credentials)
    navigator.credentials.create = async (options) => {
      const publicKey = options?.publicKey as PublicKeyCredentialCreationOptions
      const credential = (await create(options)) as PublicKeyCredential
      const response = credential.response as AuthenticatorAttestationResponse
      recorded.push({
        rp: publicKey.rp,
        user: {
          name: publicKey.user.name,
          displayName: publicKey.user.displayName,
          idLength: (publicKey.user.id as Uint8Array).byteLength,
        },
        challengeLength: (publicKey.challenge as Uint8Array).byteLength,
        pubKeyCredParams: publicKey.pubKeyCredParams,
        authenticatorSelection: publicKey.authenticatorSelection,
        publicKeyAlgorithm: response.getPublicKeyAlgorithm(),
      })
      return credential
    }
  })
  return () =>
    page.evaluate(() => (window as unknown as { passkeyCreations: RecordedCreation[] }).passkeyCreations)
}

/** The curve of a virtual credential's private key (PKCS#8, base64). */
const curveOf = (credential: VirtualCredential) =>
  createPrivateKey({ key: Buffer.from(credential.privateKey, 'base64'), format: 'der', type: 'pkcs8' })
    .asymmetricKeyDetails?.namedCurve

/** The credential id as the signer and the server write it (base64url). */
const toBase64url = (base64: string) => Buffer.from(base64, 'base64').toString('base64url')

/** A passkey login expected to fail: the error's name and message. */
const failedPasskeyLogin = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.authenticate({ type: 'passkey', createNew: false }).then(
      () => undefined,
      (error: Error) => ({ name: error.name, message: error.message }),
    ),
  )

const readState = (page: Page) =>
  page.evaluate(() => {
    const { status, user, error } = (window as unknown as TestPageWindow).signer
    return { status, user, error }
  })

const passkeyLogin = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.authenticate({ type: 'passkey', createNew: false }),
  )

/** Writes `text` under the page's status (`#test-note`), so that a screenshot shows an error. */
const showNote = (page: Page, text: string) =>
  page.evaluate((note) => {
    const element = document.createElement('p')
    element.id = 'test-note'
    element.style.color = '#b91c1c'
    element.textContent = note
    document.getElementById('user')?.parentElement?.after(element)
  }, text)

test('default: passkey sign-up with the passkey creation options of docs/account-kit.md#constants, then a passkey login after disconnect signs as the same user', async () => {
  const page = await testbed.openPage()
  const authenticator = await addVirtualAuthenticator(page)
  const creations = await recordPasskeyCreations(page)
  await testbed.screenshot(page, '01-signup-disconnected')

  const user = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.authenticate({
      type: 'passkey',
      email: 'grace@example.com',
    }),
  )
  expect(user).toMatchObject({
    email: 'grace@example.com',
    orgId: expect.any(String),
    userId: expect.any(String),
    address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    credentialId: expect.any(String),
  })
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '02-signup-connected')
  const events = await page.evaluate(() => (window as unknown as TestPageWindow).signerEvents)
  expect(events).toEqual([
    // signer.on reports the current status, error and MFA status at once (the page listens at start).
    'statusChanged:INITIALIZING',
    'errorChanged',
    'mfaStatusChanged',
    'statusChanged:DISCONNECTED',
    'disconnected',
    'statusChanged:AUTHENTICATING_PASSKEY',
    'statusChanged:CONNECTED',
    'connected',
    'newUserSignup',
  ])

  // What Chromium was asked for (docs/account-kit.md#constants) …
  const [creation, ...more] = await creations()
  expect(more).toEqual([])
  expect(creation).toEqual({
    rp: { id: 'localhost', name: 'localhost' },
    user: { name: 'grace@example.com', displayName: 'grace@example.com', idLength: 32 },
    challengeLength: 32,
    pubKeyCredParams: [
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ],
    authenticatorSelection: {
      residentKey: 'preferred',
      requireResidentKey: false,
      userVerification: 'preferred',
    },
    publicKeyAlgorithm: -7,
  })
  // … and what the authenticator made of it: one discoverable P-256 (ES256) credential for localhost.
  const [credential, ...others] = await authenticator.credentials()
  expect(others).toEqual([])
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })
  expect(curveOf(credential!)).toBe('prime256v1')
  expect(toBase64url(credential!.credentialId)).toBe(user.credentialId)
  const signCountAtSignup = credential!.signCount

  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')
  await testbed.screenshot(page, '03-signed-out')

  const again = await passkeyLogin(page)
  expect(again).toMatchObject({
    orgId: user.orgId,
    userId: user.userId,
    address: user.address,
    credentialId: user.credentialId,
  })
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '04-passkey-login-connected')

  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('signed with a passkey'),
  )
  expect(await recoverMessageAddress({ message: 'signed with a passkey', signature })).toBe(user.address)
  // The login was one assertion of this credential (it minted the session key); the signature none.
  expect((await authenticator.credentials())[0]!.signCount).toBe(signCountAtSignup + 1)
  // The sign-up passkey is named `passkey-<ms>` (docs/account-kit.md#signer), so it counts as an added passkey.
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getPasskeyStatus())).toEqual({
    isPasskeyAdded: true,
  })
})

test('behavior: addPasskey after an email-code sign-in, then a passkey login reaches the same user', async () => {
  const page = await testbed.openPage()
  const authenticator = await addVirtualAuthenticator(page)
  const creations = await recordPasskeyCreations(page)
  const user = await signInWithEmailCode(page, testbed.readCode, 'hopper@example.com')
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '05-email-connected')
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getPasskeyStatus())).toEqual({
    isPasskeyAdded: false,
  })

  const authenticatorIds = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.addPasskey(),
  )
  expect(authenticatorIds).toEqual([expect.any(String)])
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.getPasskeyStatus())).toEqual({
    isPasskeyAdded: true,
  })
  await testbed.screenshot(page, '06-passkey-added')
  const [creation] = await creations()
  expect(creation).toMatchObject({
    rp: { id: 'localhost' },
    user: { name: 'hopper@example.com' },
    publicKeyAlgorithm: -7,
  })
  const [credential] = await authenticator.credentials()
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })
  const stored = await testbed.server.store.db
    .selectFrom('authenticators')
    .select(['id', 'user_id', 'credential_id'])
    .where('credential_id', '=', toBase64url(credential!.credentialId))
    .executeTakeFirstOrThrow()
  expect(stored).toEqual({
    id: authenticatorIds[0],
    user_id: user.userId,
    credential_id: toBase64url(credential!.credentialId),
  })

  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')
  await page.reload()
  await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('DISCONNECTED')

  const again = await passkeyLogin(page)
  expect(again).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address })
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '07-passkey-login-connected')
  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('hopper, by passkey'),
  )
  expect(await recoverMessageAddress({ message: 'hopper, by passkey', signature })).toBe(user.address)
})

test('error: a passkey login with no credential for this relying party fails and stays signed out', async () => {
  const page = await testbed.openPage()
  const authenticator = await addVirtualAuthenticator(page)
  expect(await authenticator.credentials()).toEqual([])
  const failure = await failedPasskeyLogin(page)
  expect(failure).toEqual({
    name: 'NotAllowedError',
    message: expect.stringContaining('The operation either timed out or was not allowed'),
  })
  expect(await readState(page)).toEqual({ status: 'DISCONNECTED', user: undefined, error: failure })
  await page.waitForSelector('#status:text("DISCONNECTED")')
  await showNote(page, `${failure!.name}: ${failure!.message}`)
  await testbed.screenshot(page, '08-no-credential')
})

test('error: a passkey the server never registered is refused and the signer stays signed out', async () => {
  const page = await testbed.openPage()
  const authenticator = await addVirtualAuthenticator(page)
  // The authenticator holds a discoverable credential for this relying party that no account knows.
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.ready)
  const created = await page.evaluate(async () => {
    const credential = (await navigator.credentials.create({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        rp: { id: 'localhost', name: 'elsewhere' },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name: 'stranger', displayName: 'stranger' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required' },
      },
    })) as PublicKeyCredential
    return credential.id
  })
  expect(
    (await authenticator.credentials()).map((credential) => toBase64url(credential.credentialId)),
  ).toEqual([created])

  const failure = await failedPasskeyLogin(page)
  expect(failure).toMatchObject({ name: 'SignerRequestError' })
  // The sign-in's one request is the passkey-stamped create_read_write_session (a key API error).
  expect(JSON.parse(failure!.message)).toMatchObject({
    message: expect.stringContaining('credential ID could not be found'),
    details: [expect.objectContaining({ turnkeyErrorCode: 'CREDENTIAL_NOT_FOUND' })],
  })
  expect(await readState(page)).toEqual({ status: 'DISCONNECTED', user: undefined, error: failure })
  await page.waitForSelector('#status:text("DISCONNECTED")')
  await showNote(page, `${failure!.name}: ${failure!.message}`)
  await testbed.screenshot(page, '09-unknown-passkey')
})

test('error: a cancelled passkey prompt (user verification refused) fails, and a later login still works', async () => {
  const page = await testbed.openPage()
  const authenticator = await addVirtualAuthenticator(page)
  const user = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.authenticate({
      type: 'passkey',
      email: 'lovelace@example.com',
    }),
  )
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')

  await authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: authenticator.authenticatorId,
    isUserVerified: false,
  })
  const failure = await failedPasskeyLogin(page)
  expect(failure).toEqual({
    name: 'NotAllowedError',
    message: expect.stringContaining('The operation either timed out or was not allowed'),
  })
  expect(await readState(page)).toEqual({ status: 'DISCONNECTED', user: undefined, error: failure })
  await page.waitForSelector('#status:text("DISCONNECTED")')
  await showNote(page, `${failure!.name}: ${failure!.message}`)
  await testbed.screenshot(page, '10-cancelled')

  await authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: authenticator.authenticatorId,
    isUserVerified: true,
  })
  expect(await passkeyLogin(page)).toMatchObject({ userId: user.userId, address: user.address })
  expect(await readState(page)).toMatchObject({ status: 'CONNECTED', error: undefined })
  await testbed.screenshot(page, '11-retry-connected')
})
