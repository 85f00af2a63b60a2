/**
 * A credential bundle made by `@turnkey/crypto` 2.13.2 in a throwaway script:
 * `bs58check.encode(hpkeEncrypt({ plainTextBuf: plaintext, targetKeyBuf: uncompressed recipient key }))`,
 * and the legacy base64url form of the same bytes. `decryptCredentialBundle(bundle, recipientPrivateKey)`
 * returned `plaintext`.
 */
export const turnkeyCredentialBundleVector = {
  recipientPrivateKey: '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988',
  recipientPublicKey: '02bd7c73b88b2e9b4ceda62022b2da8be13193a5b56edc26e7df7842e24cd0b5eb',
  plaintext: 'a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0',
  bundle:
    'vQtN2oHu4gsfqknDcawxnKcvLmZm39gV7FExJV9EaBWRFSCdaGmAhkFEfMF22mWZpQo5chuVuYTf1hWCTi5QdvZ45hYmVFJJDDmZ2qassZkizidxp9V',
  legacyBase64urlBundle:
    'Au0NHYDoKZUNZYhje1HbVLGk1CmieIJ2Y0Pfk8PmPrXaHCyjla0hGC_qLRem489Vr-xlnuzpKIJCidJLKFrCMqvrrqRUZ61meWldv7GdHco1',
} as const
