import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes } from 'node:crypto'
import { InvalidMasterKeyError } from './errors.js'
import { joinAndWipe } from './joinAndWipe.js'
import type { KeyProvider, WrappedDataKey } from './KeyProvider.js'

export type CreateMasterKeyProviderParameters = {
  /** 32 bytes, e.g. from `loadMasterKey`. Copied; the caller may zero its buffer afterwards. */
  masterKey: Uint8Array
}

const wrapContext = Buffer.from('sigil/vault/v1/data-key')
const tagLength = 16

/**
 * The software {@link KeyProvider}: wraps data keys with AES-256-GCM under a 32-byte master key held in a
 * Node `KeyObject`. Its `id` is `master:` + 16 hex of HMAC-SHA256(masterKey, 'sigil/vault/v1/key-id'):
 * stable for a key, distinct between keys, and revealing nothing about the key.
 *
 * @example
 * const { masterKey } = await loadMasterKey({ dataDir: '.sigil', log: console.warn })
 * const vault = createVault({ keyProvider: createMasterKeyProvider({ masterKey }) })
 */
export function createMasterKeyProvider({ masterKey }: CreateMasterKeyProviderParameters): KeyProvider {
  if (masterKey.length !== 32) {
    throw new InvalidMasterKeyError(`the master key must be 32 bytes, got ${masterKey.length}`)
  }
  const key = createSecretKey(masterKey)
  const id = `master:${createHmac('sha256', key).update('sigil/vault/v1/key-id').digest('hex').slice(0, 16)}`

  return {
    id,
    wrapKey(dataKey) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(wrapContext)
      const wrappedKey = Buffer.concat([cipher.update(dataKey), cipher.final(), cipher.getAuthTag()])
      return { wrappedKey, iv }
    },
    unwrapKey({ wrappedKey, iv }: WrappedDataKey) {
      if (wrappedKey.length !== 32 + tagLength || iv.length !== 12) {
        throw new Error('wrapped data key has the wrong length')
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(wrapContext)
      decipher.setAuthTag(wrappedKey.subarray(32))
      const head = decipher.update(wrappedKey.subarray(0, 32))
      try {
        return joinAndWipe([head, decipher.final()])
      } finally {
        head.fill(0)
      }
    },
  }
}
