import { KeyObject, verify } from 'node:crypto'
import { type ApiKeyStamp, importP256PublicKey, verifyApiKeyStamp } from '@sigil/protocol'

const maxCachedKeys = 10_000

/** node:crypto views of the cached WebCrypto keys; an entry goes when its key leaves the cache. */
const keyObjects = new WeakMap<CryptoKey, KeyObject>()

/**
 * Verifies an `X-Stamp` over the exact body, reusing imported P-256 keys across requests
 * (decompressing and importing a key costs more than the verification itself).
 *
 * A P-256 stamp is checked by OpenSSL on the libuv thread pool straight from its DER signature
 * (`crypto.verify` with a callback): that costs the event loop about a fifth of what WebCrypto's
 * argument handling does, and OpenSSL accepts high-S signatures as WebCrypto does. A stamp OpenSSL
 * does not verify takes the previous path (`verifyApiKeyStamp`: strict DER parse, then WebCrypto),
 * which throws `InvalidStampError` for a malformed signature and otherwise gives its own answer, so
 * every outcome is the one that path gives.
 *
 * @example
 * const ok = await verifyApiKeyStampCached(cache, { body: raw, stamp })
 */
export async function verifyApiKeyStampCached(
  cache: Map<string, CryptoKey>,
  { body, stamp }: { body: string; stamp: ApiKeyStamp },
): Promise<boolean> {
  if (stamp.scheme !== 'SIGNATURE_SCHEME_TK_API_P256') return verifyApiKeyStamp({ body, stamp })
  let publicKey = cache.get(stamp.publicKey)
  if (!publicKey) {
    publicKey = await importP256PublicKey(stamp.publicKey)
    if (cache.size >= maxCachedKeys) cache.delete(cache.keys().next().value as string)
    cache.set(stamp.publicKey, publicKey)
  }
  let keyObject = keyObjects.get(publicKey)
  if (!keyObject) {
    keyObject = KeyObject.from(publicKey)
    keyObjects.set(publicKey, keyObject)
  }
  const verified = await new Promise<boolean>((resolve) => {
    verify('sha256', Buffer.from(body), keyObject, Buffer.from(stamp.signature, 'hex'), (error, ok) =>
      resolve(!error && ok),
    )
  })
  return verified || verifyApiKeyStamp({ body, stamp, publicKey })
}
