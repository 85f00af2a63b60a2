import { type Hex, toHex } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { SigilProviderOptions } from './SigilProvider.js'

/** What `wallet_getCapabilities` answers for one chain. */
export type ChainCapabilities = {
  atomic: { status: 'supported' | 'unsupported' }
  paymasterService?: { supported: true } | undefined
}

/**
 * `wallet_getCapabilities` (docs/provider.md#wallet_getcapabilities-erc-5792): for each configured chain (or those of
 * `chainIds` that are configured), by hex chain id: `atomic: { status: 'supported' }` for the smart account
 * (`'unsupported'` for the owner key), and `paymasterService: { supported: true }` where the smart account
 * is sponsored (the chain's connection has a gas policy).
 *
 * @example
 * getProviderCapabilities(config, {}) // { '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } }
 */
export function getProviderCapabilities(
  config: SigilConfig,
  options: SigilProviderOptions,
  chainIds?: number[] | undefined,
): Record<Hex, ChainCapabilities> {
  const smart = options.account !== 'owner'
  const answer: Record<Hex, ChainCapabilities> = {}
  for (const connection of Object.values(config.store.getState().connections)) {
    const { id } = connection.chain
    if (chainIds && !chainIds.includes(id)) continue
    answer[toHex(id)] = {
      atomic: { status: smart ? 'supported' : 'unsupported' },
      ...(smart && connection.policyId !== undefined
        ? { paymasterService: { supported: true as const } }
        : {}),
    }
  }
  return answer
}
