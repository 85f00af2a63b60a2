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
 * no-op signer: the Sigil signer adds the real signature afterwards.
 *
 * @example
 * const instruction = await toSolanaTransferInstruction(solana.address, { amount: 1_000_000n, toAddress })
 */
export async function toSolanaTransferInstruction(
  source: Address,
  { amount, toAddress }: SolanaTransfer,
): Promise<Instruction> {
  const [kit, system] = await Promise.all([import('@solana/kit'), import('@solana-program/system')])
  return system.getTransferSolInstruction({
    source: kit.createNoopSigner(source),
    destination: kit.address(toAddress),
    amount: BigInt(amount),
  })
}
