import { type Address, decodeEventLog, encodeEventTopics, type Hex, pad, parseAbi } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'

/** Emitted by every EntryPoint version when an operation's `initCode` / `factory` deployed its sender. */
const accountDeployedAbi = parseAbi([
  'event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster)',
])

/** Found deployments by chain node and sender: a deployment log does not change once final. */
const found = new Map<string, Address[]>()
const maxCached = 10_000

/**
 * The factories (lowercase) an EntryPoint (v0.6, v0.7 or v0.8 at their canonical addresses) deployed
 * `sender` with, from the EntryPoint's own `AccountDeployed` logs on the chain's node (`eth_getLogs`
 * from the first block): the record of which factory made an account when its code does not say.
 * `[]` when no EntryPoint deployed it (deployed some other way, or not at all).
 *
 * @example
 * const factories = await readDeployingFactories(request, sender) // ['0x9406cc61…']
 */
export async function readDeployingFactories(request: GatewayRequest, sender: Address): Promise<Address[]> {
  const { chain, ctx } = request
  const key = `${chain.id} ${chain.rpcUrl} ${sender.toLowerCase()}`
  const cached = found.get(key)
  if (cached) return cached
  const label = `node of chain ${chain.id}`
  const [topic] = encodeEventTopics({ abi: accountDeployedAbi, eventName: 'AccountDeployed' })
  const logs = await callUpstream({
    url: chain.rpcUrl,
    label,
    logger: ctx.logger,
    method: 'eth_getLogs',
    params: [
      {
        address: [entryPoint06Address, entryPoint07Address, entryPoint08Address],
        topics: [topic, null, pad(sender.toLowerCase() as Hex)],
        fromBlock: '0x0',
        toBlock: 'latest',
      },
    ],
  })
  if (!Array.isArray(logs))
    throw new RpcError('UPSTREAM_UNAVAILABLE', `the ${label} answered unreadable logs`)
  const factories: Address[] = []
  for (const log of logs as { data: Hex; topics: [Hex, ...Hex[]] }[]) {
    try {
      const { args } = decodeEventLog({ abi: accountDeployedAbi, data: log.data, topics: log.topics })
      if (args.sender.toLowerCase() === sender.toLowerCase())
        factories.push(args.factory.toLowerCase() as Address)
    } catch {
      // Not an AccountDeployed log after all: it proves nothing.
    }
  }
  if (factories.length > 0) {
    if (found.size >= maxCached) found.clear()
    found.set(key, factories)
  }
  return factories
}
