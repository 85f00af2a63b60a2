import { type ApiKeyStamp, importP256PublicKey, verifyApiKeyStamp } from '@sigil/protocol'

const maxCachedKeys = 10_000

/**
 * Verifies an `X-Stamp` over the exact body, reusing imported P-256 keys across requests
 * (decompressing and importing a key costs more than the verification itself).
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
  return verifyApiKeyStamp({ body, stamp, publicKey })
}
