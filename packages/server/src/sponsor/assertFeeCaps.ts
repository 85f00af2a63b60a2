import { RpcError } from '../gateway/RpcError.js'
import type { FeeEstimate } from './readFeeEstimate.js'

export type AssertFeeCapsParameters = {
  /** The fees the operation offers, wei. */
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** The gateway's current estimate for the chain. */
  estimate: Pick<FeeEstimate, 'maxFeePerGas'>
  /** `SIGIL_SPONSOR_MAX_FEE_MULTIPLIER`: the most `maxFeePerGas` may be, as a multiple of the estimate. */
  maxFeeMultiplier: number
  /** `SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI`: the most `maxFeePerGas` may ever be, wei. */
  maxFeePerGasWei: bigint
  chainId: number
}

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * Refuses fees the server will not sponsor (`POLICY_REFUSED`, naming the values and the setting): a
 * `maxPriorityFeePerGas` above `maxFeePerGas`, a `maxFeePerGas` above the absolute cap, or above the
 * multiplier × the gateway's current estimate (the multiplier counts to 4 decimal places).
 *
 * @example
 * assertFeeCaps({ maxFeePerGas, maxPriorityFeePerGas, estimate, maxFeeMultiplier: 2, maxFeePerGasWei: 500_000_000_000n, chainId: 31337 })
 */
export function assertFeeCaps({
  maxFeePerGas,
  maxPriorityFeePerGas,
  estimate,
  maxFeeMultiplier,
  maxFeePerGasWei,
  chainId,
}: AssertFeeCapsParameters): void {
  if (maxPriorityFeePerGas > maxFeePerGas)
    throw refuse(
      `maxPriorityFeePerGas ${maxPriorityFeePerGas} wei is above maxFeePerGas ${maxFeePerGas} wei; the paymaster does not sign such fees`,
    )
  if (maxFeePerGas > maxFeePerGasWei)
    throw refuse(
      `maxFeePerGas ${maxFeePerGas} wei is above the server's cap of ${maxFeePerGasWei} wei for sponsored operations (SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI)`,
    )
  const relativeCap = (estimate.maxFeePerGas * BigInt(Math.round(maxFeeMultiplier * 10_000))) / 10_000n
  if (maxFeePerGas > relativeCap)
    throw refuse(
      `maxFeePerGas ${maxFeePerGas} wei is above ${relativeCap} wei, ${maxFeeMultiplier}× the gateway's current fee estimate of ${estimate.maxFeePerGas} wei on chain ${chainId} (SIGIL_SPONSOR_MAX_FEE_MULTIPLIER)`,
    )
}
