import type { Client, Hex } from 'viem'
import { FeeEstimationError } from '../errors/FeeEstimationError.js'
import { applyFeeOption, type FeeOptions, multiplyBigInt } from './applyFeeOption.js'

export type EstimateFeesPerGasReturnType = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/**
 * The fee estimator (docs/protocol.md#gateway-methods): `eth_getBlockByNumber('latest')` and
 * `rundler_maxPriorityFeePerGas` in parallel; `maxPriorityFeePerGas` = the estimate with its fee
 * option, `maxFeePerGas` = `baseFee × 1.5 + maxPriorityFeePerGas` with its fee option. Throws
 * `FeeEstimationError` ('baseFeePerGas is null') on a chain without a base fee.
 *
 * @example
 * await estimateFeesPerGas(client, { feeOptions: { maxFeePerGas: { multiplier: 1.5 } } })
 */
export async function estimateFeesPerGas(
  client: Pick<Client, 'request'>,
  { feeOptions = {} }: { feeOptions?: FeeOptions | undefined } = {},
): Promise<EstimateFeesPerGasReturnType> {
  const [block, priorityFee] = await Promise.all([
    client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }) as Promise<{
      baseFeePerGas?: Hex | null
    } | null>,
    client.request({ method: 'rundler_maxPriorityFeePerGas', params: [] } as never) as Promise<Hex>,
  ])
  if (block?.baseFeePerGas === null || block?.baseFeePerGas === undefined)
    throw new FeeEstimationError('baseFeePerGas is null')
  const maxPriorityFeePerGas = applyFeeOption(BigInt(priorityFee), feeOptions.maxPriorityFeePerGas)
  const maxFeePerGas = applyFeeOption(
    multiplyBigInt(BigInt(block.baseFeePerGas), 1.5) + maxPriorityFeePerGas,
    feeOptions.maxFeePerGas,
  )
  return { maxFeePerGas, maxPriorityFeePerGas }
}
