import { VaultError } from './errors.js'

/** The stored form: every field but `v` and `kid` is base64url. No plaintext, no unwrapped key. */
export type Envelope = {
  v: 1
  /** Id of the {@link KeyProvider} key that wrapped the data key (a fingerprint, never the key). */
  kid: string
  /** Wrapped data key. */
  wk: string
  /** IV of the key wrap. */
  wiv: string
  /** IV of the data encryption. */
  iv: string
  /** AES-256-GCM ciphertext followed by its 16-byte tag. */
  ct: string
}

const base64url = /^[A-Za-z0-9_-]*$/

/**
 * Parses a vault envelope (the JSON text `vault.seal` returns) and checks its shape. Throws {@link VaultError}.
 *
 * @example
 * const { kid } = parseEnvelope(row.sealed_mnemonic)
 */
export function parseEnvelope(sealed: string): Envelope {
  let value: unknown
  try {
    value = JSON.parse(sealed)
  } catch {
    throw new VaultError('malformed vault envelope: not JSON')
  }
  const envelope = value as Partial<Record<keyof Envelope, unknown>> | null
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    envelope.v !== 1 ||
    typeof envelope.kid !== 'string' ||
    !(['wk', 'wiv', 'iv', 'ct'] as const).every(
      (field) => typeof envelope[field] === 'string' && base64url.test(envelope[field] as string),
    )
  ) {
    throw new VaultError('malformed vault envelope: expected {v:1, kid, wk, wiv, iv, ct}')
  }
  return envelope as Envelope
}
