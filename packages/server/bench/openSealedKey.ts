import { createDecipheriv, type KeyObject } from 'node:crypto'

const tagLength = 16
/** The AAD of the data key's wrap (as `seedCustodyStore` wraps it). */
const wrapContext = Buffer.from('sigil-bench/floor/data-key')

/**
 * The custody floor's vault open (see `floorServer.ts`): a private key sealed in the floor's own envelope,
 * the JSON `{"wk","wiv","iv","ct"}` (base64url) that `seedCustodyStore` writes: a random 32-byte data key
 * wrapped by the master key (AES-256-GCM, IV `wiv`, `wk` = ciphertext ‖ tag, a fixed AAD) and the private
 * key sealed by that data key (AES-256-GCM, IV `iv`, `ct` = ciphertext ‖ tag, AAD = the record's context). Two
 * `createDecipheriv('aes-256-gcm')` per call, as an envelope vault opens a key; nothing is cached, the data
 * key is zeroed before returning. Throws when either tag does not verify. Zero the result after use.
 *
 * @example
 * const privateKey = openSealedKey(row.sealed_private_key, masterKey, `wallet_account:${row.wallet_account_id}`)
 * try { sign(privateKey) } finally { privateKey.fill(0) }
 */
export function openSealedKey(sealed: string, masterKey: KeyObject, aad: string): Buffer {
  const envelope = JSON.parse(sealed) as { wk: string; wiv: string; iv: string; ct: string }
  const wrapped = Buffer.from(envelope.wk, 'base64url')
  const unwrap = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(envelope.wiv, 'base64url'))
  unwrap.setAAD(wrapContext)
  unwrap.setAuthTag(wrapped.subarray(wrapped.length - tagLength))
  // GCM gives all of the plaintext from `update`; `final` only checks the tag (and throws when it fails).
  const dataKey = unwrap.update(wrapped.subarray(0, wrapped.length - tagLength))
  try {
    unwrap.final()
    const ct = Buffer.from(envelope.ct, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(envelope.iv, 'base64url'))
    decipher.setAAD(Buffer.from(aad, 'utf8'))
    decipher.setAuthTag(ct.subarray(ct.length - tagLength))
    const privateKey = decipher.update(ct.subarray(0, ct.length - tagLength))
    try {
      decipher.final()
    } catch (error) {
      privateKey.fill(0) // unauthenticated plaintext
      throw error
    }
    return privateKey
  } finally {
    dataKey.fill(0)
  }
}
