/**
 * HPKE known-answer vectors (all hex).
 *
 * `rfc9180A31`: RFC 9180 Appendix A.3.1, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM, mode
 * Base (kem_id 16, kdf_id 1, aead_id 1), first encryption (sequence 0). Source: the CFRG test vectors
 * as shipped in golang/go `src/crypto/internal/hpke/testdata/rfc9180-vectors.json`. The official
 * JSON entry for aead_id 2 (AES-256-GCM) with this KEM/KDF could not be found in the stored public
 * repositories (only pre-RFC draft copies of the full `test-vectors.json`), so this AES-128-GCM
 * vector proves the KEM and KDF, and the two vectors below cover AES-256-GCM.
 *
 * `aes256WithRfc9180A31Inputs`: the same KEM inputs, info, AAD and plaintext with AES-256-GCM
 * (aead_id 2). Not an official vector: key, base_nonce and ct are recomputed in the test by an
 * independent RFC 9180 key schedule (noble HKDF + WebCrypto AES-GCM) and agree with @hpke/core and
 * with a value published by an unrelated project.
 *
 * `turnkeyProfile`: the exact Turnkey bundle profile (AES-256-GCM, info `turnkey_hpke`,
 * AAD = enc ‖ pkR) with the A.3.1 ephemeral and recipient keys and a 32-byte plaintext. Sealed with
 * @hpke/core (`ekm` = ikmE) and checked offline to open with `@turnkey/crypto` 2.13.2 `hpkeDecrypt`.
 */
export const rfc9180A31 = {
  mode: 0,
  kemId: 16,
  kdfId: 1,
  aeadId: 1,
  info: '4f6465206f6e2061204772656369616e2055726e',
  ikmE: '4270e54ffd08d79d5928020af4686d8f6b7d35dbe470265f1f5aa22816ce860e',
  pkEm: '04a92719c6195d5085104f469a8b9814d5838ff72b60501e2c4466e5e67b325ac98536d7b61a1af4b78e5b7f951c0900be863c403ce65c9bfcb9382657222d18c4',
  skEm: '4995788ef4b9d6132b249ce59a77281493eb39af373d236a1fe415cb0c2d7beb',
  ikmR: '668b37171f1072f3cf12ea8a236a45df23fc13b82af3609ad1e354f6ef817550',
  pkRm: '04fe8c19ce0905191ebc298a9245792531f26f0cece2460639e8bc39cb7f706a826a779b4cf969b8a0e539c7f62fb3d30ad6aa8f80e30f1d128aafd68a2ce72ea0',
  skRm: 'f3ce7fdae57e1a310d87f1ebbde6f328be0a99cdbcadf4d6589cf29de4b8ffd2',
  enc: '04a92719c6195d5085104f469a8b9814d5838ff72b60501e2c4466e5e67b325ac98536d7b61a1af4b78e5b7f951c0900be863c403ce65c9bfcb9382657222d18c4',
  sharedSecret: 'c0d26aeab536609a572b07695d933b589dcf363ff9d93c93adea537aeabb8cb8',
  key: '868c066ef58aae6dc589b6cfdd18f97e',
  baseNonce: '4e0bc5018beba4bf004cca59',
  encryption: {
    aad: '436f756e742d30',
    pt: '4265617574792069732074727574682c20747275746820626561757479',
    nonce: '4e0bc5018beba4bf004cca59',
    ct: '5ad590bb8baa577f8619db35a36311226a896e7342a6d836d8b7bcd2f20b6c7f9076ac232e3ab2523f39513434',
  },
} as const

export const aes256WithRfc9180A31Inputs = {
  aeadId: 2,
  key: '642ebea3c09bfa219629599a318e0b88aa0a0996148df927dc5a981e22dabb86',
  baseNonce: '883881320125125689d28047',
  ct: '518c46e6810fbc55362f7d5995b0f54339d93664ca44e5c74d0f289c4f7983b4781b193de04ad3319f177244de',
} as const

export const turnkeyProfile = {
  ikmE: rfc9180A31.ikmE,
  skRm: rfc9180A31.skRm,
  pkRm: rfc9180A31.pkRm,
  enc: rfc9180A31.enc,
  pt: 'a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0',
  ct: '2ff9c38400fdff12afddf7b71334019f40a618b01f08185b078391fd0558c64a97db572482890e4847d4ee3d33af147f',
} as const
