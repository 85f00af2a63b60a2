/** The server's Solana fee payer, as `sponsor/solana/ensureSolanaFeePayer.ts` returns it. */
export type SolanaFeePayer = {
  /** Base58 address of the fee payer: fund it, it pays the fees of sponsored transactions. */
  address: string
  /** Vault envelope of the ed25519 private key (32-byte seed); opened only while a message is signed. */
  sealedPrivateKey: string
}
