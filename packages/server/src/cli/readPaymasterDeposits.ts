import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import type { ChainConfig } from '../gateway/ChainConfig.js'
import type { Logger } from '../log/createLogger.js'
import { readPaymasterDeposit } from '../sponsor/readPaymasterDeposit.js'

const entryPoints: Record<EntryPointVersion, Address> = {
  '0.6': entryPoint06Address,
  '0.7': entryPoint07Address,
  '0.8': entryPoint08Address,
}

export type PaymasterDeposit = {
  chainId: number
  entryPoint: Address
  paymaster: Address
  /** Decimal wei the EntryPoint holds for the paymaster; null when the node did not answer (a warning on stderr). */
  depositWei: string | null
}

/**
 * Every configured paymaster's deposit at its EntryPoint (`sigil-server policy list`), one node call
 * each; a node that does not answer gives `depositWei: null` and a warning on stderr.
 *
 * @example
 * const deposits = await readPaymasterDeposits(loadChains({ env: process.env }), logger)
 */
export async function readPaymasterDeposits(
  chains: readonly ChainConfig[],
  logger: Logger,
): Promise<PaymasterDeposit[]> {
  const reads: Promise<PaymasterDeposit>[] = []
  for (const chain of chains) {
    if (chain.type === 'solana') continue
    for (const [version, paymaster] of Object.entries(chain.paymasters ?? {}) as [
      EntryPointVersion,
      Address,
    ][]) {
      const entryPoint = entryPoints[version]
      const label = `node of chain ${chain.id}`
      reads.push(
        readPaymasterDeposit({ rpcUrl: chain.rpcUrl, entryPoint, paymaster, label, logger }).then(
          (deposit) => ({ chainId: chain.id, entryPoint, paymaster, depositWei: deposit.toString() }),
          (error: Error) => {
            console.error(
              `sigil-server: warning: paymaster ${paymaster} deposit on chain ${chain.id}: ${error.message}`,
            )
            return { chainId: chain.id, entryPoint, paymaster, depositWei: null }
          },
        ),
      )
    }
  }
  return Promise.all(reads)
}
