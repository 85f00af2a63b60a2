import { type Address, decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem'
import { callUpstream } from '../gateway/callUpstream.js'
import { RpcError } from '../gateway/RpcError.js'
import type { Logger } from '../log/createLogger.js'

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

/**
 * The paymaster's deposit at the EntryPoint (`balanceOf(paymaster)`, wei): what the EntryPoint can
 * still charge it for operations. An unreadable answer is `UPSTREAM_UNAVAILABLE`.
 *
 * @example
 * const deposit = await readPaymasterDeposit({ rpcUrl: chain.rpcUrl, entryPoint, paymaster, label: 'node of chain 31337', logger })
 */
export async function readPaymasterDeposit({
  rpcUrl,
  entryPoint,
  paymaster,
  label,
  logger,
}: {
  rpcUrl: string
  entryPoint: Address
  paymaster: Address
  label: string
  logger: Logger
}): Promise<bigint> {
  const data = encodeFunctionData({ abi: entryPointAbi, functionName: 'balanceOf', args: [paymaster] })
  const result = await callUpstream({
    url: rpcUrl,
    label,
    logger,
    method: 'eth_call',
    params: [{ to: entryPoint, data }, 'latest'],
  })
  try {
    return decodeFunctionResult({
      abi: entryPointAbi,
      functionName: 'balanceOf',
      data: result as `0x${string}`,
    })
  } catch {
    throw new RpcError('UPSTREAM_UNAVAILABLE', `the ${label} answered an unreadable EntryPoint deposit`)
  }
}
