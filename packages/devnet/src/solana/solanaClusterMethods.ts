import { createRequire } from 'node:module'
import { readRpcParams } from './readRpcParams.js'
import type { SolanaRpcMethod } from './SolanaRpcMethod.js'
import { withContext } from './withContext.js'

const litesvmVersion = (createRequire(import.meta.url)('litesvm/package.json') as { version: string }).version

/**
 * The cluster methods: slots, block height, epochs, blockhashes, version and health. The block height equals
 * the slot; every slot is finalized at once.
 *
 * @example
 * solanaClusterMethods.getSlot(runtime, []) // 12n
 */
export const solanaClusterMethods: Record<string, SolanaRpcMethod> = {
  getSlot: (runtime) => runtime.slot(),
  getBlockHeight: (runtime) => runtime.slot(),
  getTransactionCount: (runtime) => runtime.transactionCount(),
  getEpochInfo(runtime) {
    const slotsInEpoch = runtime.svm.getEpochSchedule().slotsPerEpoch
    const slot = runtime.slot()
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: slot / slotsInEpoch,
      slotIndex: slot % slotsInEpoch,
      slotsInEpoch,
      transactionCount: runtime.transactionCount(),
    }
  },
  getLatestBlockhash: (runtime) => withContext(runtime, runtime.latestBlockhash()),
  isBlockhashValid(runtime, params) {
    const blockhash = readRpcParams.string(params, 0, 'a base58 blockhash')
    return withContext(runtime, runtime.lastValidBlockHeight(blockhash) !== undefined)
  },
  getGenesisHash: (runtime) => runtime.genesisHash,
  getVersion: () => ({ 'solana-core': '3.0.0', 'feature-set': 0, litesvm: litesvmVersion }),
  getHealth: () => 'ok',
  getRecentPrioritizationFees: () => [],
}
