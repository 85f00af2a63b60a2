import { requestFeePayer, solanaFeePayerMethod } from '../sponsor/solana/requestFeePayer.js'
import type { SolanaChainConfig } from './ChainConfig.js'
import { callUpstream } from './callUpstream.js'
import type { GatewayRequest } from './GatewayRequest.js'
import { RpcError } from './RpcError.js'

/** What a Solana node method is called: `getLatestBlockhash`, `sendTransaction`, `requestAirdrop`, … */
const solanaMethodPattern = /^[a-z][A-Za-z0-9]*$/

/**
 * Answers one JSON-RPC call on a Solana chain: `alchemy_requestFeePayer` here (the sponsored fee
 * payer), every Solana node method (`getLatestBlockhash`, `sendTransaction`, …) at the chain's node
 * unchanged; EVM and gateway methods (`eth_*`, `pm_*`, …) are METHOD_NOT_FOUND, saying they need an
 * EVM chain.
 *
 * @example
 * const { value } = await handleSolanaRpcCall(request, 'getLatestBlockhash', [])
 */
export async function handleSolanaRpcCall(
  request: GatewayRequest<SolanaChainConfig>,
  method: string,
  params: unknown,
): Promise<unknown> {
  const { chain, ctx } = request
  if (method === solanaFeePayerMethod) return requestFeePayer(request, params)
  if (!solanaMethodPattern.test(method))
    throw new RpcError(
      'METHOD_NOT_FOUND',
      `method ${method} needs an EVM chain (/rpc/<chain number>); ${chain.id} is a Solana chain`,
    )
  return callUpstream({
    url: chain.rpcUrl,
    label: `node of chain ${chain.id}`,
    logger: ctx.logger,
    method,
    params: params ?? [],
  })
}
