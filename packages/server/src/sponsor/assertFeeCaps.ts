import { RpcError } from '../gateway/RpcError.js'
import type { FeeEstimate } from './readFeeEstimate.js'

export type AssertFeeCapsParameters = {
  /** The fees the operation offers, wei. */
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** The gateway's current estimate for the chain. */
  estimate: Pick<FeeEstimate, 'maxFeePerGas' | 'maxPriorityFeePerGas'>
  /** `SIGIL_SPONSOR_MAX_FEE_MULTIPLIER`: the most `maxFeePerGas` may be, as a multiple of the estimate. */
  maxFeeMultiplier: number
  /**
   * `SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER`: the most `maxPriorityFeePerGas` may be, as a multiple of the
   * node's priority-fee estimate (never below {@link minPriorityFeeCapWei}).
   */
  maxPriorityFeeMultiplier: number
  /** `SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI`: the most `maxFeePerGas` may ever be, wei. */
  maxFeePerGasWei: bigint
  chainId: number
}

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * The priority-fee cap never goes below this (0.1 gwei), whatever the node estimates: a node may estimate
 * 0 (an idle chain, some L2s), and aa-sdk's default fee estimator then still sends 0.1 gwei. The paymaster
 * pays at most this × the gas used to the bundler beyond the base fee (see `docs/sponsorship.md`).
 */
export const minPriorityFeeCapWei = 100_000_000n

/**
 * The highest `maxPriorityFeePerGas` the paymaster signs for: `multiplier` × the node's estimate (4 decimal
 * places), at least {@link minPriorityFeeCapWei}.
 *
 * @example
 * maxPriorityFeeCap(1_000_000_000n, 2) // 2000000000n
 * maxPriorityFeeCap(0n, 2) // 100000000n
 */
export function maxPriorityFeeCap(estimate: bigint, multiplier: number): bigint {
  const cap = (estimate * BigInt(Math.round(multiplier * 10_000))) / 10_000n
  return cap > minPriorityFeeCapWei ? cap : minPriorityFeeCapWei
}

/**
 * Refuses fees the server will not sponsor (`POLICY_REFUSED`, naming the values and the setting): a
 * `maxPriorityFeePerGas` above `maxFeePerGas`, a `maxFeePerGas` above the absolute cap, or above the
 * multiplier × the gateway's current estimate (the multiplier counts to 4 decimal places), or a
 * `maxPriorityFeePerGas` above its own multiplier × the node's priority-fee estimate
 * ({@link maxPriorityFeeCap}): the whole priority fee goes to whoever bundles.
 *
 * @example
 * assertFeeCaps({ maxFeePerGas, maxPriorityFeePerGas, estimate, maxFeeMultiplier: 2, maxPriorityFeeMultiplier: 2, maxFeePerGasWei: 500_000_000_000n, chainId: 31337 })
 */
export function assertFeeCaps({
  maxFeePerGas,
  maxPriorityFeePerGas,
  estimate,
  maxFeeMultiplier,
  maxPriorityFeeMultiplier,
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
  const priorityCap = maxPriorityFeeCap(estimate.maxPriorityFeePerGas, maxPriorityFeeMultiplier)
  if (maxPriorityFeePerGas > priorityCap)
    throw refuse(
      `maxPriorityFeePerGas ${maxPriorityFeePerGas} wei is above ${priorityCap} wei, ${maxPriorityFeeMultiplier}× the node's priority-fee estimate of ${estimate.maxPriorityFeePerGas} wei on chain ${chainId} (at least ${minPriorityFeeCapWei} wei; SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER)`,
    )
}
