import { type Address, getAddress, type Hex, isHex } from 'viem'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { type AccountCode, erc1967ImplementationSlot, parseAccountCode } from './parseAccountCode.js'

/** A deployed sender's code as the gateway judges it. */
export type SenderCode = {
  code: AccountCode
  /** Where the code runs: the proxy's implementation (the ERC-1967 slot or the clone's address) or the EIP-7702 delegate. */
  runs: Address | undefined
  /** For refusals ("its code is …"): `an ERC-1967 proxy to 0x…`, `empty`, `unknown (hash 0x…)`, … */
  description: string
}

/**
 * Reads a sender's code from the chain's node (`eth_getCode`, and `eth_getStorageAt` of the ERC-1967
 * slot for a minimal ERC-1967 proxy) at the latest block. Nothing is cached: a proxy's implementation
 * and an EOA's delegation can change without its code hash changing.
 *
 * @example
 * const { runs, description } = await readSenderCode(request, sender)
 */
export async function readSenderCode(request: GatewayRequest, sender: Address): Promise<SenderCode> {
  const { chain, ctx } = request
  const node = { url: chain.rpcUrl, label: `node of chain ${chain.id}`, logger: ctx.logger }
  const read = async (method: string, params: unknown[]): Promise<Hex> => {
    const result = await callUpstream({ ...node, method, params })
    if (typeof result !== 'string' || !isHex(result))
      throw new RpcError('UPSTREAM_UNAVAILABLE', `the ${node.label} answered an unreadable ${method}`)
    return result
  }
  const code = parseAccountCode(await read('eth_getCode', [sender, 'latest']))
  switch (code.shape) {
    case 'none':
      return { code, runs: undefined, description: 'empty' }
    case 'eip7702':
      return { code, runs: code.delegate, description: `an EIP-7702 delegation to ${code.delegate}` }
    case 'eip1167':
      return { code, runs: code.implementation, description: `an EIP-1167 proxy to ${code.implementation}` }
    case 'erc1967': {
      const slot = await read('eth_getStorageAt', [sender, erc1967ImplementationSlot, 'latest'])
      const implementation = getAddress(`0x${slot.slice(2).padStart(64, '0').slice(24)}`)
      return { code, runs: implementation, description: `an ERC-1967 proxy to ${implementation}` }
    }
    case 'other':
      return { code, runs: undefined, description: `unknown (hash ${code.codeHash})` }
  }
}
