import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'

let suite: CipherSuite | undefined

/**
 * The HPKE cipher suite of every Sigil/Turnkey bundle (RFC 9180): DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256, AES-256-GCM. Built once and shared. Internal: use `hpkeSeal` / `hpkeOpen`.
 *
 * @example
 * const context = await getHpkeSuite().createSenderContext({ recipientPublicKey, info })
 */
export function getHpkeSuite(): CipherSuite {
  suite ??= new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() })
  return suite
}
