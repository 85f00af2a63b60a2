import type { Address, Hex } from 'viem'

/** What a policy judges about one user operation. */
export type SponsoredOperation = {
  chainId: number
  entryPoint: Address
  sender: Address
  nonce: bigint
  callData: Hex
  /** Sum of the operation's gas limits (0 while they are not known yet, e.g. for stub data). */
  totalGas: bigint
  /** `totalGas × maxFeePerGas`: the most the paymaster can be charged (0 while unknown). */
  maxCostWei: bigint
}
