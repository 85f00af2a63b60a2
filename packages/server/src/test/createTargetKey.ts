import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createApiKeyStamp, openCredentialBundle } from '@sigil/protocol'
import type { TestKey } from './createTestServer.js'

export type StampedRequest = {
  body: string
  stamp: { stampHeaderName: string; stampHeaderValue: string }
  url: string
}

/**
 * What the key frame does, in Node: a P-256 target key whose public half goes into
 * `targetPublicKey`, and `open(bundle)` to get the session key out of a credential bundle.
 *
 * @example
 * const target = createTargetKey()
 * const session = await target.open(credentialBundle)
 * const whoami = await stampRequest({ organizationId: orgId }, session)
 */
export function createTargetKey() {
  const privateKey = p256.utils.randomSecretKey()
  return {
    publicKey: bytesToHex(p256.getPublicKey(privateKey, false)),
    async open(bundle: string): Promise<TestKey> {
      const sessionKey = await openCredentialBundle({ bundle, recipientPrivateKey: privateKey })
      return {
        privateKey: bytesToHex(sessionKey),
        publicKey: bytesToHex(p256.getPublicKey(sessionKey, true)),
      }
    },
  }
}

/** A `stampedRequest` as the signer SDK sends it: the exact body, its X-Stamp, and a Turnkey URL. */
export async function stampRequest(
  body: unknown,
  key: TestKey,
  url = 'https://api.turnkey.com/public/v1/query/whoami',
): Promise<StampedRequest> {
  const text = JSON.stringify(body)
  const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
  return { body: text, stamp, url }
}
