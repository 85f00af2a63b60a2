import { publicClientBatch } from '@sigil/accounts'
import { type Chain, createPublicClient, type PublicClient, type Transport } from 'viem'
import { type BundlerActions, bundlerActions } from 'viem/account-abstraction'
import type { SigilConfig } from '../createConfig.js'
import { gatewayTransport } from '../smartAccounts/gatewayTransport.js'

/** A public client of the active chain with viem's bundler actions (`sendUserOperation`, receipts, …). */
export type SigilBundlerClient = PublicClient<Transport, Chain> & BundlerActions

export type GetBundlerClientReturnType = SigilBundlerClient

const clients = new WeakMap<SigilConfig, Map<number, SigilBundlerClient>>()

/**
 * The active chain's bundler client (docs/account-kit.md#core `getBundlerClient`): a viem public
 * client through the chain's Sigil gateway (the connection's `transport` or `rpcUrl`, else the chain's
 * own gateway, else `<server>/rpc/<chainId>`), extended with viem's bundler actions, its reads batched
 * by Multicall3 (1,024 bytes). One client per chain: asked again on the same chain, the same client.
 *
 * @example
 * const bundler = getBundlerClient(config)
 * const receipt = await bundler.getUserOperationReceipt({ hash })
 */
export function getBundlerClient(config: SigilConfig): GetBundlerClientReturnType {
  const { chain, connections } = config.store.getState()
  let perChain = clients.get(config)
  if (!perChain) {
    perChain = new Map()
    clients.set(config, perChain)
  }
  const known = perChain.get(chain.id)
  if (known) return known
  const connection = connections[chain.id]!
  const transport = connection.transport ?? gatewayTransport(config, connection, undefined)
  const client = createPublicClient({
    chain: connection.chain,
    transport,
    batch: publicClientBatch,
    key: 'bundler-public',
    name: 'Public Bundler Client',
  }).extend(bundlerActions) as unknown as SigilBundlerClient
  perChain.set(chain.id, client)
  return client
}
