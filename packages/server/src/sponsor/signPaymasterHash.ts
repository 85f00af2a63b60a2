import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { PaymasterSigner } from '../gateway/PaymasterSigner.js'
import type { Vault } from '../vault/createVault.js'
import { paymasterSignerKeyName } from './ensurePaymasterSigner.js'

/**
 * The paymaster signer's EIP-191 signature (`personal_sign`) over a 32-byte paymaster hash, as the
 * Sigil paymasters recover it. The key is opened from the vault for this signature only.
 *
 * @example
 * const signature = await signPaymasterHash(vault, signer, hash) // 65 bytes
 */
export async function signPaymasterHash(vault: Vault, signer: PaymasterSigner, hash: Hex): Promise<Hex> {
  const key = vault.open(signer.sealedPrivateKey, `server_key:${paymasterSignerKeyName}`)
  try {
    return await privateKeyToAccount(bytesToHex(key)).signMessage({ message: { raw: hash } })
  } finally {
    key.fill(0)
  }
}
