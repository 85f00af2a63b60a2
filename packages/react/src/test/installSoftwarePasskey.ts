import { base64urlDecode, base64urlEncode } from '@sigil/protocol'
import { createSoftwarePasskey } from '../../../server/src/test/createSoftwarePasskey.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'

/** What the stand-in authenticator does on the next request: answer, refuse, or never answer. */
export type SoftwarePasskeyBehavior = 'answer' | 'pending' | { fail: DOMException }

const buffer = (bytes: Uint8Array) => bytes.slice().buffer

/**
 * Test helper: `navigator.credentials` backed by the server's software authenticator (real ES256
 * credentials and assertions for the test app's origin, rp id `localhost`), as Chromium's virtual
 * authenticator does in the browser suites. Happy-dom has no WebAuthn; this stands in for the
 * browser, not for Sigil. `behave` makes the next calls refuse (a `DOMException` such as
 * NotAllowedError) or hang, as a user who cancels or waits would.
 *
 * @example
 * const passkey = installSoftwarePasskey()
 * passkey.behave({ fail: new DOMException('cancelled', 'NotAllowedError') })
 * passkey.restore()
 */
export function installSoftwarePasskey() {
  const authenticator = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
  let behavior: SoftwarePasskeyBehavior = 'answer'
  const calls: string[] = []
  const act = async <T>(answer: () => T, signal?: AbortSignal | null): Promise<T> => {
    // A pending prompt ends only when the caller aborts it, as a browser's does.
    if (behavior === 'pending')
      return new Promise<T>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    if (typeof behavior === 'object') throw behavior.fail
    return answer()
  }
  const credentials = {
    create: (options: CredentialCreationOptions) => {
      calls.push('create')
      return act(() => {
        const challenge = base64urlEncode(new Uint8Array(options.publicKey!.challenge as Uint8Array))
        const attestation = authenticator.register(challenge)
        return {
          id: attestation.credentialId,
          rawId: buffer(base64urlDecode(attestation.credentialId)),
          type: 'public-key',
          response: {
            clientDataJSON: buffer(base64urlDecode(attestation.clientDataJson)),
            attestationObject: buffer(base64urlDecode(attestation.attestationObject)),
            getTransports: () => ['internal'],
          },
        }
      })
    },
    get: (options: CredentialRequestOptions) => {
      calls.push('get')
      return act(() => {
        const challenge = base64urlEncode(new Uint8Array(options.publicKey!.challenge as Uint8Array))
        const stamp = JSON.parse(authenticator.stamp('', { challenge })) as Record<string, string>
        return {
          id: stamp.credentialId,
          type: 'public-key',
          response: {
            authenticatorData: buffer(base64urlDecode(stamp.authenticatorData!)),
            clientDataJSON: buffer(base64urlDecode(stamp.clientDataJson!)),
            signature: buffer(base64urlDecode(stamp.signature!)),
          },
        }
      }, options.signal)
    },
  }
  const previous = Object.getOwnPropertyDescriptor(globalThis.navigator, 'credentials')
  Object.defineProperty(globalThis.navigator, 'credentials', { configurable: true, value: credentials })
  return {
    calls,
    credentialId: authenticator.credentialId,
    behave(next: SoftwarePasskeyBehavior) {
      behavior = next
    },
    restore() {
      if (previous) Object.defineProperty(globalThis.navigator, 'credentials', previous)
      else Reflect.deleteProperty(globalThis.navigator, 'credentials')
    },
  }
}
