import type { ChainConfig } from '../gateway/ChainConfig.js'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { assertSponsorshipActive } from '../sponsor/assertSponsorshipActive.js'
import { getPaymasterData } from '../sponsor/getPaymasterData.js'
import { getPaymasterStubData } from '../sponsor/getPaymasterStubData.js'
import { requestGasAndPaymasterAndData } from '../sponsor/requestGasAndPaymasterAndData.js'
import { solanaFeePayerMethod } from '../sponsor/solana/requestFeePayer.js'
import { handleSolanaRpcCall } from './handleSolanaRpcCall.js'
import { nodeMethods } from './nodeMethods.js'

/** ERC-4337 methods the chain's bundler answers. */
export const bundlerMethods = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
])

/** Methods the gateway answers itself. */
const gatewayMethods: Record<string, (request: GatewayRequest, params: unknown) => Promise<unknown>> = {
  rundler_maxPriorityFeePerGas: (request) =>
    callUpstream({
      url: request.chain.rpcUrl,
      label: `node of chain ${request.chain.id}`,
      logger: request.ctx.logger,
      method: 'eth_maxPriorityFeePerGas',
      params: [],
    }),
  pm_getPaymasterStubData: getPaymasterStubData,
  pm_getPaymasterData: getPaymasterData,
  alchemy_requestGasAndPaymasterAndData: requestGasAndPaymasterAndData,
}

/**
 * Answers one JSON-RPC call. On an EVM chain: gateway methods here, bundler methods at the chain's
 * bundler (`eth_sendUserOperation` with a Sigil paymaster's data only while its policy is active), and
 * the node methods of {@link nodeMethods} (reads, estimates, raw transactions) at the chain's node;
 * everything else is refused. On a Solana chain: see {@link handleSolanaRpcCall}.
 *
 * @example
 * const result = await handleRpcCall(request, 'eth_chainId', [])
 */
export async function handleRpcCall(
  request: GatewayRequest<ChainConfig>,
  method: string,
  params: unknown,
): Promise<unknown> {
  const { chain, ctx } = request
  if (chain.type === 'solana') return handleSolanaRpcCall({ ...request, chain }, method, params)
  const gatewayMethod = gatewayMethods[method]
  if (gatewayMethod) return gatewayMethod({ ...request, chain }, params)
  if (method === solanaFeePayerMethod)
    throw new RpcError(
      'METHOD_NOT_FOUND',
      `${method} needs a Solana chain (/rpc/solana-…); chain ${chain.id} is an EVM chain`,
    )
  if (bundlerMethods.has(method)) {
    if (!chain.bundlerUrl)
      throw new RpcError('METHOD_NOT_FOUND', `${method}: chain ${chain.id} has no bundler configured`)
    // A sponsorship whose policy was disabled since it was signed is not submitted.
    if (method === 'eth_sendUserOperation') await assertSponsorshipActive({ ...request, chain }, params)
    return callUpstream({
      url: chain.bundlerUrl,
      label: `bundler of chain ${chain.id}`,
      logger: ctx.logger,
      method,
      params: params ?? [],
    })
  }
  if (!nodeMethods.has(method))
    throw new RpcError('METHOD_NOT_FOUND', `method ${method} is not available through the gateway`)
  return callUpstream({
    url: chain.rpcUrl,
    label: `node of chain ${chain.id}`,
    logger: ctx.logger,
    method,
    params: params ?? [],
  })
}
