import { VaultError } from './errors.js'
import type { KeyProvider } from './KeyProvider.js'
import { type Envelope, parseEnvelope } from './parseEnvelope.js'

/**
 * Re-wraps an envelope's data key under `to`, leaving its ciphertext untouched (the secret itself is never
 * decrypted). Returns `undefined` when `to` already wraps it. `from` are the keys that may wrap it now.
 * Throws {@link VaultError} when none of them does.
 *
 * @example
 * const rewrapped = rewrapEnvelope(row.sealed_mnemonic, { from: [oldKey], to: newKey })
 */
export function rewrapEnvelope(
  sealed: string,
  { from, to }: { from: readonly KeyProvider[]; to: KeyProvider },
): string | undefined {
  const envelope = parseEnvelope(sealed)
  if (envelope.kid === to.id) return undefined
  const provider = from.find((candidate) => candidate.id === envelope.kid)
  if (!provider) {
    throw new VaultError('vault envelope is wrapped by a master key that was not given', {
      details: `envelope key id ${envelope.kid}; given ${from.map((candidate) => candidate.id).join(', ')}`,
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
    const { wrappedKey, iv } = to.wrapKey(dataKey)
    const rewrapped: Envelope = {
      v: 1,
      kid: to.id,
      wk: Buffer.from(wrappedKey).toString('base64url'),
      wiv: Buffer.from(iv).toString('base64url'),
      iv: envelope.iv,
      ct: envelope.ct,
    }
    return JSON.stringify(rewrapped)
  } finally {
    dataKey.fill(0)
  }
}
