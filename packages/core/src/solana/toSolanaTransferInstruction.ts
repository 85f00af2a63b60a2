import type { Address, Instruction } from '@solana/kit'

export type SolanaTransfer = {
  /** Lamports. */
  amount: number | bigint
  /** The recipient (base58). */
  toAddress: string
}

/**
 * A System Program transfer of `amount` lamports from `source` to `toAddress`
 * (`@solana-program/system`'s `getTransferSolInstruction`, loaded on first use). The source is a
 * no-op signer: the Sigil signer adds the real signature afterwards. The functions are named where the
 * packages are loaded, so a bundler keeps only them (apps/demo/bench/README.md).
 *
 * @example
 * const instruction = await toSolanaTransferInstruction(solana.address, { amount: 1_000_000n, toAddress })
 */
export async function toSolanaTransferInstruction(
  source: Address,
  { amount, toAddress }: SolanaTransfer,
): Promise<Instruction> {
  const [{ address, createNoopSigner }, { getTransferSolInstruction }] = await Promise.all([
    import('@solana/kit').then(({ address, createNoopSigner }) => ({ address, createNoopSigner })),
    import('@solana-program/system').then(({ getTransferSolInstruction }) => ({ getTransferSolInstruction })),
  ])
  return getTransferSolInstruction({
    source: createNoopSigner(source),
    destination: address(toAddress),
    amount: BigInt(amount),
  })
}
