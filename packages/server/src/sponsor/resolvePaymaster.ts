import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import type { EvmChainConfig } from '../gateway/ChainConfig.js'
import { RpcError } from '../gateway/RpcError.js'

const versions: Record<string, EntryPointVersion> = {
  [entryPoint06Address.toLowerCase()]: '0.6',
  [entryPoint07Address.toLowerCase()]: '0.7',
  [entryPoint08Address.toLowerCase()]: '0.8',
}

/**
 * The EntryPoint version of `entryPoint` (the canonical v0.6/v0.7/v0.8 addresses) and the chain's
 * Sigil paymaster for it; throws `INVALID_PARAMS` when the chain sponsors nothing on that EntryPoint.
 *
 * @example
 * const { version, paymaster } = resolvePaymaster(chain, '0x0000000071727De22E5E9d8BAf0edAc6f37da032')
 */
export function resolvePaymaster(
  chain: EvmChainConfig,
  entryPoint: Address,
): { version: EntryPointVersion; paymaster: Address } {
  const version = versions[entryPoint.toLowerCase()]
  const paymaster = version ? chain.paymasters?.[version] : undefined
  if (!version || !paymaster) {
    const supported = Object.entries(versions)
      .filter(([, each]) => chain.paymasters?.[each])
      .map(([address, each]) => `${address} (v${each})`)
    throw new RpcError(
      'INVALID_PARAMS',
      `EntryPoint ${entryPoint} is not sponsored on chain ${chain.id}${supported.length ? `; sponsored: ${supported.join(', ')}` : ': no paymaster is configured'}`,
    )
  }
  return { version, paymaster }
}
