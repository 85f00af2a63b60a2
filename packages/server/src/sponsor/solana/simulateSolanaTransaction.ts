import { getBase64Decoder } from '@solana/kit'
import { z } from 'zod'
import type { SolanaChainConfig } from '../../gateway/ChainConfig.js'
import { callUpstream } from '../../gateway/callUpstream.js'
import type { GatewayRequest } from '../../gateway/GatewayRequest.js'
import { RpcError } from '../../gateway/RpcError.js'

const simulationSchema = z.object({
  value: z.object({ err: z.unknown().optional(), logs: z.array(z.string()).nullish() }),
})

/** Simulation errors that mean the fee payer itself is short of lamports. */
const feePayerShort = new Set(['AccountNotFound', 'InsufficientFundsForFee', 'InsufficientFundsForRent'])

/**
 * Runs the wire transaction on the chain's node (`simulateTransaction`, `sigVerify: false`: the user
 * signs after) and refuses (`INVALID_PARAMS`, the node's error and logs in `data`) one that would fail.
 *
 * @example
 * await simulateSolanaTransaction(request, wireBytes, feePayer.address)
 */
export async function simulateSolanaTransaction(
  request: GatewayRequest<SolanaChainConfig>,
  wireBytes: Uint8Array,
  feePayer: string,
): Promise<void> {
  const { chain, ctx } = request
  const answer = simulationSchema.safeParse(
    await callUpstream({
      url: chain.rpcUrl,
      label: `node of chain ${chain.id}`,
      logger: ctx.logger,
      method: 'simulateTransaction',
      params: [
        getBase64Decoder().decode(wireBytes),
        { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: false, commitment: 'confirmed' },
      ],
    }),
  )
  if (!answer.success)
    throw new RpcError(
      'UPSTREAM_UNAVAILABLE',
      `the node of chain ${chain.id} answered simulateTransaction oddly`,
    )
  const { err, logs } = answer.data.value
  if (err === null || err === undefined) return
  const reason = JSON.stringify(err)
  if (typeof err === 'string' && feePayerShort.has(err)) {
    ctx.logger.warn('solana fee payer cannot pay', { chainId: chain.id, feePayer, error: err })
    throw new RpcError(
      'INVALID_PARAMS',
      `The fee payer ${feePayer} cannot pay on chain ${chain.id} (${err}): the operator must fund it`,
      { data: { err, logs: logs ?? [] } },
    )
  }
  throw new RpcError(
    'INVALID_PARAMS',
    `The transaction fails in simulation on chain ${chain.id}: ${reason}`,
    {
      data: { err, logs: logs ?? [] },
    },
  )
}
