import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { VaultError } from './errors.js'
import { joinAndWipe } from './joinAndWipe.js'
import type { KeyProvider } from './KeyProvider.js'
import { type Envelope, parseEnvelope } from './parseEnvelope.js'

export type CreateVaultParameters = {
  /** Seals, and opens what it wrapped. */
  keyProvider: KeyProvider
  /**
   * Earlier master keys, used only to open envelopes they wrapped while `sigil-server vault rotate` has not
   * finished re-wrapping them (docs/deploy.md#master-keys).
   */
  previousKeyProviders?: readonly KeyProvider[] | undefined
}

export type Vault = {
  /**
   * Encrypts `plaintext` under a fresh data key and returns the JSON envelope. `aad` binds the envelope to
   * its record (e.g. the wallet id): opening it with another `aad` fails.
   */
  seal(plaintext: Uint8Array, aad?: string): string
  /** Decrypts an envelope made by `seal` with the same `aad`. Throws {@link VaultError}. Zero the result when done. */
  open(envelope: string, aad?: string): Uint8Array
}

const tagLength = 16

/**
 * Envelope encryption for secrets at rest (wallet seeds, server keys): each `seal` draws a random 32-byte
 * data key and 12-byte IV, encrypts with AES-256-GCM (AAD = the record's context string), wraps the data
 * key through the {@link KeyProvider} and forgets it. `open` reverses that; no plain key is cached.
 *
 * @example
 * const vault = createVault({ keyProvider: createMasterKeyProvider({ masterKey }) })
 * const sealed = vault.seal(new TextEncoder().encode(mnemonic), walletId)
 * const seed = vault.open(sealed, walletId)
 * // … use seed …
 * seed.fill(0)
 */
export function createVault({ keyProvider, previousKeyProviders = [] }: CreateVaultParameters): Vault {
  const providers = [keyProvider, ...previousKeyProviders]
  return {
    seal(plaintext, aad = '') {
      const dataKey = randomBytes(32)
      try {
        const iv = randomBytes(12)
        const cipher = createCipheriv('aes-256-gcm', dataKey, iv)
        cipher.setAAD(Buffer.from(aad, 'utf8'))
        const ct = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
        const { wrappedKey, iv: wrapIv } = keyProvider.wrapKey(dataKey)
        const envelope: Envelope = {
          v: 1,
          kid: keyProvider.id,
          wk: toBase64url(wrappedKey),
          wiv: toBase64url(wrapIv),
          iv: toBase64url(iv),
          ct: toBase64url(ct),
        }
        return JSON.stringify(envelope)
      } finally {
        dataKey.fill(0)
      }
    },

    open(sealed, aad = '') {
      const envelope = parseEnvelope(sealed)
      const provider = providers.find((candidate) => candidate.id === envelope.kid)
      if (!provider) {
        throw new VaultError('vault envelope was sealed under another master key', {
          details: `envelope key id ${envelope.kid}, this server's key ids ${providers.map((candidate) => candidate.id).join(', ')}`,
        })
      }
      let dataKey: Uint8Array
      try {
        dataKey = provider.unwrapKey({
          wrappedKey: Buffer.from(envelope.wk, 'base64url'),
          iv: Buffer.from(envelope.wiv, 'base64url'),
        })
      } catch (error) {
        throw new VaultError('vault envelope could not be unwrapped: wrong master key or tampered envelope', {
          cause: error,
        })
      }
      try {
        const iv = Buffer.from(envelope.iv, 'base64url')
        const ct = Buffer.from(envelope.ct, 'base64url')
        if (iv.length !== 12 || ct.length < tagLength) throw new Error('wrong IV or ciphertext length')
        const decipher = createDecipheriv('aes-256-gcm', dataKey, iv)
        decipher.setAAD(Buffer.from(aad, 'utf8'))
        decipher.setAuthTag(ct.subarray(ct.length - tagLength))
        const head = decipher.update(ct.subarray(0, ct.length - tagLength))
        try {
          return joinAndWipe([head, decipher.final()])
        } finally {
          head.fill(0) // unauthenticated plaintext when `final` throws
        }
      } catch (error) {
        throw new VaultError(
          'vault envelope failed authentication: tampered, or opened with another context',
          {
            cause: error,
          },
        )
      } finally {
        dataKey.fill(0)
      }
    },
  }
}

function toBase64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
}
