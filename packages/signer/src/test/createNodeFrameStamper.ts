import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createApiKeyStamp, openCredentialBundle } from '@sigil/protocol'
import type { SessionStamper } from '../stampers/Stamper.js'

/**
 * Test helper: a stand-in for the browser key frame in Node, with the same `SessionStamper`
 * contract as `createFrameStamper`. It holds a P-256 target key, opens credential bundles with
 * `openCredentialBundle` and stamps with `createApiKeyStamp` (`X-Stamp`), as the frame does inside
 * its iframe. The real frame and `createFrameStamper` are tested in Chromium separately.
 *
 * Pass the same `targetKey` to two stand-ins to model a page reload (the frame keeps its embedded
 * key in IndexedDB across reloads).
 *
 * @example
 * const stamper = createNodeFrameStamper()
 * const signer = createSigner({ connection, stamper, fetch, sessionConfig: { storage } })
 */
export function createNodeFrameStamper(targetKey: Uint8Array = p256.utils.randomSecretKey()) {
  let target = targetKey
  let sessionKey: Uint8Array | undefined
  let initialized = false
  const stats = { injected: 0, stamped: 0, cleared: 0 }
  const stamper: SessionStamper & { stats: typeof stats; targetKey(): Uint8Array } = {
    stats,
    targetKey: () => target,
    async init() {
      initialized = true
      return bytesToHex(p256.getPublicKey(target, false))
    },
    publicKey: () => (initialized ? bytesToHex(p256.getPublicKey(target, false)) : undefined),
    async injectCredentialBundle(bundle) {
      sessionKey = await openCredentialBundle({ bundle, recipientPrivateKey: target })
      stats.injected++
      return true
    },
    async stamp(body) {
      if (!sessionKey) throw new Error('no credential bundle has been injected')
      stats.stamped++
      return createApiKeyStamp({ body, privateKey: sessionKey })
    },
    clear() {
      stats.cleared++
      sessionKey = undefined
      initialized = false
      target = p256.utils.randomSecretKey()
    },
  }
  return stamper
}
