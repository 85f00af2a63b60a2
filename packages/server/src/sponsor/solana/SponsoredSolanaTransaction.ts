/** What a Solana fee payer policy judges about one transaction. */
export type SponsoredSolanaTransaction = {
  /** `solana-…`: the chain of the URL. */
  chainId: string
  /** Base58: the first signer besides the fee payer. */
  user: string
  /**
   * Who the per-user limits count: `user:<Sigil user id>` for a signed-in caller, else `key:<user>`
   * (a key anyone can mint, so per-user limits hold only for signed-in audiences).
   */
  userKey: string
  /** Base58 programs the instructions call, each once. */
  programs: string[]
  /** Hex SHA-256 of the final message (fee payer first). */
  messageHash: string
  /** The fee the node quotes for the final message, lamports; undefined while not asked yet. */
  feeLamports: bigint | undefined
}
