import { base64urlDecode, base64urlEncode } from '@sigil/protocol'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createSoftwarePasskey } from '../../../server/src/test/createSoftwarePasskey.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'
import type { Signer } from '../Signer.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { addPasskey } from './addPasskey.js'
import { getPasskeyStatus } from './getPasskeyStatus.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await testbed.cleanup()
})

const toBuffer = (base64url: string) => base64urlDecode(base64url).slice().buffer

/**
 * Stands in for the browser: `location` and a `navigator.credentials.create` that registers a
 * software passkey (Node has no WebAuthn; the Chromium suite runs the real one).
 */
function stubBrowser(origin = testAppOrigin) {
  const passkey = createSoftwarePasskey({ rpId: 'localhost', origin })
  const created: CredentialCreationOptions[] = []
  vi.stubGlobal('location', new URL(testAppOrigin))
  vi.stubGlobal('navigator', {
    credentials: {
      async create(options: CredentialCreationOptions) {
        created.push(options)
        const challenge = base64urlEncode(new Uint8Array(options.publicKey!.challenge as Uint8Array))
        const attestation = passkey.register(challenge)
        return {
          rawId: toBuffer(attestation.credentialId),
          response: {
            clientDataJSON: toBuffer(attestation.clientDataJson),
            attestationObject: toBuffer(attestation.attestationObject),
            getTransports: () => ['internal'],
          },
        }
      },
    },
  })
  return { passkey, created }
}

/** Records the bodies the signer's stamper signs. */
function recordStampedBodies(signer: Signer) {
  const bodies: string[] = []
  const stamp = signer.stamper.stamp
  signer.current.stamper = {
    stamp(body) {
      bodies.push(body)
      return stamp(body)
    },
  }
  return bodies
}

test('default: adds a passkey named passkey-<ms> and the status turns true', async () => {
  const { created } = stubBrowser()
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'addpasskey@example.com')
  const ids = await addPasskey(signer)
  expect(ids).toEqual([expect.any(String)])
  expect(await getPasskeyStatus(signer)).toEqual({ isPasskeyAdded: true })
  expect(created).toHaveLength(1)
})

test('behavior: the passkey creation options (docs/account-kit.md#constants)', async () => {
  const { created } = stubBrowser()
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'options@example.com')
  await signer.addPasskey()
  const { publicKey } = created[0]!
  expect((publicKey!.challenge as Uint8Array).byteLength).toBe(32)
  expect(publicKey!.rp).toEqual({ id: 'localhost', name: 'localhost' })
  expect(publicKey!.user.name).toBe('options@example.com')
  expect(publicKey!.pubKeyCredParams.map(({ alg }) => alg)).toEqual([-7, -257])
  expect(publicKey!.authenticatorSelection).toMatchObject({
    residentKey: 'preferred',
    userVerification: 'preferred',
  })
})

test('behavior: the stamped create_authenticators V2 body', async () => {
  const { passkey, created } = stubBrowser()
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'body@example.com')
  const bodies = recordStampedBodies(signer)
  await addPasskey(signer)
  const body = JSON.parse(bodies[0]!)
  expect(Object.keys(body)).toEqual(['organizationId', 'type', 'timestampMs', 'parameters'])
  expect(body).toEqual({
    organizationId: user.orgId,
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    timestampMs: expect.stringMatching(/^\d+$/),
    parameters: {
      userId: user.userId,
      authenticators: [
        {
          authenticatorName: expect.stringMatching(/^passkey-\d+$/),
          challenge: base64urlEncode(created[0]!.publicKey!.challenge as Uint8Array),
          attestation: {
            credentialId: passkey.credentialId,
            clientDataJson: expect.any(String),
            attestationObject: expect.any(String),
            transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
          },
        },
      ],
    },
  })
})

test('error: an attestation from an origin the app does not allow', async () => {
  stubBrowser('http://evil.test')
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'rejected@example.com')
  const failure = await addPasskey(signer).catch((e: unknown) => e)
  expect(failure).toMatchObject({ name: 'SignerRequestError', status: 400 })
  expect((failure as Error).message).toContain('invalid passkey attestation')
  expect(await getPasskeyStatus(signer)).toEqual({ isPasskeyAdded: false })
})
