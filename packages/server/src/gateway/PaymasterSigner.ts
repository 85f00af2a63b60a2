import type { Address } from 'viem'

/** The server's paymaster signer, as `sponsor/ensurePaymasterSigner.ts` returns it. */
export type PaymasterSigner = {
  /** The address the paymaster contracts must trust (`setSigner`). */
  address: Address
  /** Vault envelope of the secp256k1 private key; opened only while a hash is signed. */
  sealedPrivateKey: string
}
