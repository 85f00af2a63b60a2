import type { SolanaChainConfig } from '../gateway/ChainConfig.js'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { requestFeePayer, solanaFeePayerMethod } from '../sponsor/solana/requestFeePayer.js'
import { solanaNodeMethods } from './solanaNodeMethods.js'

/** The namespaces of EVM node, bundler and gateway methods (`eth_chainId`, `pm_getPaymasterData`, …). */
const evmMethodPattern = /^(eth|net|web3|pm|rundler|alchemy|wallet)_/

/**
 * Answers one JSON-RPC call on a Solana chain: `alchemy_requestFeePayer` here (the sponsored fee
 * payer), the node methods of {@link solanaNodeMethods} (reads, fees and blockhashes, simulate, send,
 * statuses) at the chain's node unchanged. Everything else is METHOD_NOT_FOUND (-32601): EVM and gateway
 * methods (`eth_*`, `pm_*`, …) saying they need an EVM chain, other Solana methods
 * (`getProgramAccounts`, a local validator's cheat codes, …) saying the gateway does not forward them.
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
  if (evmMethodPattern.test(method))
    throw new RpcError(
      'METHOD_NOT_FOUND',
      `method ${method} needs an EVM chain (/rpc/<chain number>); ${chain.id} is a Solana chain`,
    )
  if (!solanaNodeMethods.has(method))
    throw new RpcError(
      'METHOD_NOT_FOUND',
      `method ${method} is not available through the gateway on Solana chain ${chain.id}: it forwards only the documented node methods (docs/sponsorship.md)`,
    )
  return callUpstream({
    url: chain.rpcUrl,
    label: `node of chain ${chain.id}`,
    logger: ctx.logger,
    method,
    params: params ?? [],
  })
}
