import { z } from 'zod'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { quantitySchema } from '../gateway/rpcSchemas.js'
import { parseUpstreamResult } from './parseUpstreamResult.js'

/** The gateway's fee estimate for a chain at one moment. */
export type FeeEstimate = {
  /** The latest block's number (where to look for an operation signed now). */
  blockNumber: bigint
  /** The latest block's base fee, wei. */
  baseFeePerGas: bigint
  /** The node's `eth_maxPriorityFeePerGas`, wei. */
  maxPriorityFeePerGas: bigint
  /** `baseFeePerGas × 1.5 + maxPriorityFeePerGas`, wei. */
  maxFeePerGas: bigint
  /** The latest block's gas limit: no operation needing more can ever be included. */
  blockGasLimit: bigint
}

/** How long one reading serves a chain: a burst of sponsorships asks the node once. */
export const feeEstimateTtlMs = 2_000

const blockSchema = z.object({
  number: quantitySchema,
  gasLimit: quantitySchema,
  baseFeePerGas: quantitySchema.nullish(),
})
/** Readings by node URL (two test devnets may share a chain id, never a URL); in flight or settled. */
const readings = new Map<string, { at: number; estimate: Promise<FeeEstimate> }>()

/**
 * The gateway's current fee estimate for the request's chain: the latest block's base fee × 1.5 plus
 * the node's `eth_maxPriorityFeePerGas` (both read in parallel), and the latest block's gas limit, as `alchemy_requestGasAndPaymasterAndData`
 * prices operations and the server's fee caps measure them. One reading per node serves
 * {@link feeEstimateTtlMs} (callers at once share the call in flight; a failed reading is not kept);
 * `fresh` reads the node again whatever is cached. Throws `UPSTREAM_UNAVAILABLE` when the node does not
 * answer or reports no base fee.
 *
 * @example
 * const { maxFeePerGas, maxPriorityFeePerGas, blockNumber } = await readFeeEstimate(request)
 */
export function readFeeEstimate(
  request: GatewayRequest,
  { fresh = false }: { fresh?: boolean | undefined } = {},
): Promise<FeeEstimate> {
  const { chain } = request
  const now = performance.now()
  const cached = readings.get(chain.rpcUrl)
  if (cached && !fresh && now - cached.at < feeEstimateTtlMs) return cached.estimate
  for (const [url, reading] of readings) if (now - reading.at >= feeEstimateTtlMs) readings.delete(url)
  const estimate = readFromNode(request)
  readings.set(chain.rpcUrl, { at: now, estimate })
  estimate.catch(() => {
    if (readings.get(chain.rpcUrl)?.estimate === estimate) readings.delete(chain.rpcUrl)
  })
  return estimate
}

async function readFromNode({ ctx, chain }: GatewayRequest): Promise<FeeEstimate> {
  const node = { url: chain.rpcUrl, label: `node of chain ${chain.id}`, logger: ctx.logger }
  const [priorityFee, block] = await Promise.all([
    callUpstream({ ...node, method: 'eth_maxPriorityFeePerGas', params: [] }),
    callUpstream({ ...node, method: 'eth_getBlockByNumber', params: ['latest', false] }),
  ])
  const upstream = `the node of chain ${chain.id}`
  const { number, gasLimit, baseFeePerGas } = parseUpstreamResult(blockSchema, block, upstream)
  if (baseFeePerGas === undefined || baseFeePerGas === null)
    throw new RpcError('UPSTREAM_UNAVAILABLE', `${upstream} reports no base fee`)
  const maxPriorityFeePerGas = parseUpstreamResult(quantitySchema, priorityFee, upstream)
  return {
    blockNumber: number,
    baseFeePerGas,
    maxPriorityFeePerGas,
    maxFeePerGas: (baseFeePerGas * 3n) / 2n + maxPriorityFeePerGas,
    blockGasLimit: gasLimit,
  }
}
