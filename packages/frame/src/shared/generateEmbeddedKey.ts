import { bytesToHex } from '@sigil/protocol'

/**
 * A new P-256 ECDH key pair whose private key cannot be exported; its public key as uncompressed
 * hex (130 characters, the `targetPublicKey` clients send).
 *
 * @example
 * const { keyPair, publicKeyHex } = await generateEmbeddedKey()
 */
export async function generateEmbeddedKey(): Promise<{ keyPair: CryptoKeyPair; publicKeyHex: string }> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const publicKeyHex = bytesToHex(new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey)))
  return { keyPair, publicKeyHex }
}
