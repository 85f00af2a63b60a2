import { z } from 'zod'
import type { SolanaChainConfig } from '../../gateway/ChainConfig.js'
import { callUpstream } from '../../gateway/callUpstream.js'
import type { GatewayRequest } from '../../gateway/GatewayRequest.js'
import { RpcError } from '../../gateway/RpcError.js'

const integer = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
const latestSchema = z.object({ value: z.object({ lastValidBlockHeight: integer }) })

/**
 * The last block height at which the node accepts a message quoted now (docs/sponsorship.md#solana-fee-payer):
 * the `lastValidBlockHeight` of the node's latest blockhash (`getLatestBlockhash`, commitment
 * `processed`). A blockhash the node accepts is never newer than its latest, so a transaction co-signed
 * now cannot land above that height: once the chain has passed it, a quote whose transaction did not
 * land can be released.
 *
 * @example
 * const lastValidBlockHeight = await readSolanaLastValidBlockHeight(request) // 1234n
 */
export async function readSolanaLastValidBlockHeight(
  request: Pick<GatewayRequest<SolanaChainConfig>, 'chain' | 'ctx'>,
): Promise<bigint> {
  const { chain, ctx } = request
  const answer = latestSchema.safeParse(
    await callUpstream({
      url: chain.rpcUrl,
      label: `node of chain ${chain.id}`,
      logger: ctx.logger,
      method: 'getLatestBlockhash',
      params: [{ commitment: 'processed' }],
    }),
  )
  if (!answer.success)
    throw new RpcError(
      'UPSTREAM_UNAVAILABLE',
      `the node of chain ${chain.id} answered getLatestBlockhash oddly`,
    )
  return BigInt(answer.data.value.lastValidBlockHeight)
}
