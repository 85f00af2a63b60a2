import { bytesToHex, hpkeSeal } from '@sigil/protocol'

/**
 * Seals a wallet's or a key's plaintext to the import bundle's `targetPublic` with the Turnkey HPKE
 * profile (docs/protocol.md#bundles) and answers the `encryptedBundle` the app sends with
 * `import_wallet` / `import_private_key`: JSON `{"encappedPublic":"<hex uncompressed>","ciphertext":"<hex>"}`,
 * as `@turnkey/crypto`'s `encryptWalletToBundle` writes it.
 *
 * @example
 * const encryptedBundle = await sealImportPlaintext(plaintext, targetPublic)
 */
export async function sealImportPlaintext(plaintext: Uint8Array, targetPublic: Uint8Array): Promise<string> {
  const { encappedPublic, ciphertext } = await hpkeSeal({ plaintext, recipientPublicKey: targetPublic })
  return JSON.stringify({ encappedPublic: bytesToHex(encappedPublic), ciphertext: bytesToHex(ciphertext) })
}
