import type { Address } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../rpc/GatewayRequest.js'
import type { EntryPointVersion } from './getPaymasterHash.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

export type OperationCostCheck = {
  /** The chain's latest block number as the check saw it (where to look for the operation's inclusion later). */
  fromBlock: bigint | undefined
}

/**
 * Refuses an operation whose worst-case cost the server will not sign for: fees above the server's caps
 * (a multiple of the current estimate, and an absolute cap), `preVerificationGas` above the bundler's
 * estimate for it, a worst case above the policy's per-operation cap, or above the paymaster's
 * EntryPoint deposit.
 *
 * @example
 * const { fromBlock } = await assertOperationCost(request, { policy, operation, userOperation, version, entryPoint, paymaster })
 */
export async function assertOperationCost(
  _request: GatewayRequest,
  _parameters: {
    policy: SponsorPolicy
    operation: SponsoredOperation
    userOperation: UserOperation
    version: EntryPointVersion
    entryPoint: Address
    paymaster: Address
  },
): Promise<OperationCostCheck> {
  // Filled in by the cost work (issue 15, point 1 and 8).
  return { fromBlock: undefined }
}
