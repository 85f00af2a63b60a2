import {
  type Address,
  type Blockhash,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  lamports,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { DevnetError } from '../errors/DevnetError.js'
import { type TransactionErrorJson, toTransactionErrorJson } from './toTransactionErrorJson.js'

/** What the runtime remembers of a landed transaction (for getSignatureStatuses and getTransaction). */
export type LandedTransaction = {
  slot: bigint
  blockTime: number
  err: TransactionErrorJson | null
  /** Absent for airdrops (litesvm signs those itself). */
  details?: {
    wire: Uint8Array
    message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
    fee: bigint
    preBalances: bigint[]
    postBalances: bigint[]
    logs: string[]
    unitsConsumed: bigint
  }
}

export type SolanaRuntime = {
  readonly svm: LiteSVM
  readonly genesisHash: Blockhash
  /** Current slot; the block height equals it (no slot is skipped). */
  slot(): bigint
  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint }
  /** The last block height at which `blockhash` is accepted, or undefined when it is unknown or expired. */
  lastValidBlockHeight(blockhash: string): bigint | undefined
  /** Next slot and a new blockhash (the previous ones stay valid for 150 blocks, as on Solana). */
  advance(): void
  /**
   * Runs `run` on litesvm for `transaction`, accepting any recent blockhash (litesvm itself accepts only its
   * latest) and, when `sigVerify` is false, unsigned transactions.
   */
  execute<T>(transaction: Transaction, options: { sigVerify: boolean }, run: (svm: LiteSVM) => T): T
  airdrop(address: Address, amount: bigint): Signature
  record(signature: Signature, landed: LandedTransaction): void
  landed(signature: string): LandedTransaction | undefined
  transactionCount(): bigint
  onSlot(listener: (slot: bigint) => void): () => void
  onLanded(listener: (signature: Signature, landed: LandedTransaction) => void): () => void
}

const maxProcessingAge = 150n
/**
 * Landed transactions remembered. Older ones are forgotten (getSignatureStatuses then answers null): a replay of
 * one is still refused, its blockhash having expired long before (each landing advances the slot).
 */
const defaultHistory = 100_000
const airdropPool = 1_000_000_000n * 1_000_000_000n

/**
 * The state of the local Solana runtime: a litesvm instance whose slot and blockhash advance (after every
 * landed transaction and by `advance()`), a window of recent blockhashes, and the landed signatures.
 *
 * @example
 * const runtime = createSolanaRuntime() // { history: 100_000 } landed transactions remembered
 * runtime.airdrop(address, 1_000_000_000n)
 * runtime.advance()
 */
export function createSolanaRuntime({ history = defaultHistory }: { history?: number } = {}): SolanaRuntime {
  const svm = new LiteSVM().withLamports(airdropPool)
  let slot = 1n
  svm.warpToSlot(slot)
  const recent = new Map<string, bigint>([[svm.latestBlockhash(), slot + maxProcessingAge]])
  const genesisHash = svm.latestBlockhash()
  const landed = new Map<string, LandedTransaction>()
  const slotListeners = new Set<(slot: bigint) => void>()
  const landedListeners = new Set<(signature: Signature, landed: LandedTransaction) => void>()
  let count = 0n

  const runtime: SolanaRuntime = {
    svm,
    genesisHash,
    slot: () => slot,
    latestBlockhash: () => {
      const blockhash = svm.latestBlockhash()
      return { blockhash, lastValidBlockHeight: recent.get(blockhash) ?? slot + maxProcessingAge }
    },
    lastValidBlockHeight(blockhash) {
      const last = recent.get(blockhash)
      return last !== undefined && last >= slot ? last : undefined
    },
    advance() {
      slot += 1n
      svm.warpToSlot(slot)
      svm.expireBlockhash()
      recent.set(svm.latestBlockhash(), slot + maxProcessingAge)
      for (const [blockhash, last] of recent) if (last < slot) recent.delete(blockhash)
      for (const listener of slotListeners) listener(slot)
    },
    execute(transaction, { sigVerify }, run) {
      const { lifetimeToken } = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      const olderRecent =
        lifetimeToken !== svm.latestBlockhash() && runtime.lastValidBlockHeight(lifetimeToken)
      if (olderRecent) svm.withBlockhashCheck(false)
      if (!sigVerify) svm.withSigverify(false)
      try {
        return run(svm)
      } finally {
        svm.withBlockhashCheck(true)
        svm.withSigverify(true)
      }
    },
    airdrop(address, amount) {
      const result = svm.airdrop(address, lamports(amount))
      if (result === null || result instanceof FailedTransactionMetadata)
        throw new DevnetError(`Airdrop of ${amount} lamports to ${address} failed`, {
          details:
            result === null
              ? 'litesvm returned no result'
              : JSON.stringify(toTransactionErrorJson(result.err())),
        })
      const signature = getBase58Decoder().decode(result.signature()) as Signature
      runtime.record(signature, { slot, blockTime: Math.floor(Date.now() / 1000), err: null })
      return signature
    },
    record(signature, transaction) {
      landed.set(signature, transaction)
      // A Map iterates in insertion order: the first key is the oldest.
      if (landed.size > history) landed.delete(landed.keys().next().value!)
      count += 1n
      for (const listener of landedListeners) listener(signature, transaction)
      runtime.advance()
    },
    landed: (signature) => landed.get(signature),
    transactionCount: () => count,
    onSlot(listener) {
      slotListeners.add(listener)
      return () => slotListeners.delete(listener)
    },
    onLanded(listener) {
      landedListeners.add(listener)
      return () => landedListeners.delete(listener)
    },
  }
  return runtime
}
