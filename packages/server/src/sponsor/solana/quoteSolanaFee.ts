import { getBase64Decoder } from '@solana/kit'
import { z } from 'zod'
import type { SolanaChainConfig } from '../../gateway/ChainConfig.js'
import { callUpstream } from '../../gateway/callUpstream.js'
import type { GatewayRequest } from '../../gateway/GatewayRequest.js'
import { RpcError } from '../../gateway/RpcError.js'

const feeSchema = z.object({ value: z.union([z.number().int().nonnegative(), z.null()]) })

/**
 * The fee the chain's node charges for `messageBytes` (`getFeeForMessage`: the signatures plus the
 * priority fee, the most the fee payer can pay for it), lamports. Refuses (`INVALID_PARAMS`) a message
 * whose blockhash the node does not know or finds expired: the node answers null for it, so this is
 * also the fee payer's recent-blockhash rule (a co-signed transaction expires with its blockhash, about
 * a minute). A durable-nonce message is the one case the node prices without a recent blockhash (it
 * reads the nonce account): `assertNoDurableNonce` refuses those before the quote.
 *
 * @example
 * const fee = await quoteSolanaFee(request, messageBytes, lifetimeToken) // 10000n
 */
export async function quoteSolanaFee(
  request: GatewayRequest<SolanaChainConfig>,
  messageBytes: Uint8Array,
  blockhash: string,
): Promise<bigint> {
  const { chain, ctx } = request
  const answer = feeSchema.safeParse(
    await callUpstream({
      url: chain.rpcUrl,
      label: `node of chain ${chain.id}`,
      logger: ctx.logger,
      method: 'getFeeForMessage',
      params: [getBase64Decoder().decode(messageBytes), { commitment: 'confirmed' }],
    }),
  )
  if (!answer.success)
    throw new RpcError(
      'UPSTREAM_UNAVAILABLE',
      `the node of chain ${chain.id} answered getFeeForMessage oddly`,
    )
  if (answer.data.value === null)
    throw new RpcError(
      'INVALID_PARAMS',
      `The transaction's blockhash ${blockhash} is expired or unknown on chain ${chain.id}: build it again on a recent blockhash (getLatestBlockhash)`,
    )
  return BigInt(answer.data.value)
}
