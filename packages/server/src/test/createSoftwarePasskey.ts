import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlEncode, getWebauthnExpectedChallenge } from '@sigil/protocol'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software WebAuthn authenticator for Node tests of the server alone (no browser runs in these
 * unit tests; the browser flows are proven with Chromium's virtual authenticator elsewhere). It makes
 * real ES256 credentials, `none` attestations and assertions, byte for byte as the spec lays out.
 *
 * @example
 * const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: 'http://localhost:5173' })
 * const attestation = passkey.register(challenge)
 * const header = passkey.stamp(body) // value of X-Stamp-Webauthn
 * // An authenticator of its own key that claims another one's credential id (attack tests):
 * const copy = createSoftwarePasskey({ rpId, origin, credentialId: passkey.credentialId })
 */
export function createSoftwarePasskey({
  rpId,
  origin,
  credentialId: chosenCredentialId,
}: {
  rpId: string
  origin: string
  /** base64url credential id to use instead of 16 random bytes. */
  credentialId?: string
}) {
  const privateKey = p256.utils.randomSecretKey()
  const publicKey = p256.getPublicKey(privateKey, false)
  const credentialIdBytes = chosenCredentialId
    ? new Uint8Array(Buffer.from(chosenCredentialId, 'base64url'))
    : crypto.getRandomValues(new Uint8Array(16))
  const credentialId = base64urlEncode(credentialIdBytes)
  const rpIdHash = sha256(new TextEncoder().encode(rpId))
  let counter = 0

  const counterBytes = () =>
    new Uint8Array([(counter >>> 24) & 255, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255])

  return {
    credentialId,
    /** A `create_authenticators` attestation for `challenge` (base64url). */
    register(challenge: string) {
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, publicKey.slice(1, 33)],
        [-3, publicKey.slice(33, 65)],
      ])
      const authData = new Uint8Array([
        ...rpIdHash,
        0x45, // user present, user verified, attested credential data
        ...counterBytes(),
        ...new Uint8Array(16), // aaguid
        0,
        credentialIdBytes.length,
        ...credentialIdBytes,
        ...isoCBOR.encode(coseKey as Parameters<typeof isoCBOR.encode>[0]),
      ])
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      )
      const clientDataJson = JSON.stringify({
        type: 'webauthn.create',
        challenge,
        origin,
        crossOrigin: false,
      })
      return {
        credentialId,
        clientDataJson: base64urlEncode(clientDataJson),
        attestationObject: base64urlEncode(attestationObject),
        transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL' as const],
      }
    },
    /** The `X-Stamp-Webauthn` header value for `body` (an assertion over the body's challenge). */
    stamp(
      body: string,
      overrides: {
        origin?: string
        challenge?: string
        /** false: user present only, no user-verified (UV) flag. */
        userVerified?: boolean
      } = {},
    ) {
      counter += 1
      const flags = overrides.userVerified === false ? 0x01 : 0x05
      const authenticatorData = new Uint8Array([...rpIdHash, flags, ...counterBytes()])
      const clientDataJson = JSON.stringify({
        type: 'webauthn.get',
        challenge: overrides.challenge ?? getWebauthnExpectedChallenge(body),
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      })
      const signed = new Uint8Array([
        ...authenticatorData,
        ...sha256(new TextEncoder().encode(clientDataJson)),
      ])
      const signature = p256.sign(sha256(signed), privateKey, { prehash: false, format: 'der' })
      return JSON.stringify({
        authenticatorData: base64urlEncode(authenticatorData),
        clientDataJson: base64urlEncode(clientDataJson),
        credentialId,
        signature: base64urlEncode(signature),
      })
    },
  }
}
