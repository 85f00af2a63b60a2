import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { ChainConfig, SolanaChainConfig } from '../../gateway/ChainConfig.js'
import { callUpstream } from '../../gateway/callUpstream.js'
import type { Logger } from '../../log/createLogger.js'
import type { WriteBatcher } from '../../store/createWriteBatcher.js'
import { retryOnConflict, VersionConflict } from '../../store/retryOnConflict.js'
import type { Database } from '../../store/schema.js'

/** Agave's cap on `getSignatureStatuses`. */
const maxSignaturesPerCall = 256

export type SettleSolanaSponsorshipsParameters = {
  /** Reads (the work list). */
  db: Kysely<Database>
  /** Writes: the server's write batcher, or anything with the same `run`. */
  writes: Pick<WriteBatcher, 'run'>
  /** The Solana chains whose nodes are asked; quotes of other chains stay open. */
  chains: readonly ChainConfig[]
  logger: Logger
  now: number
  /** Only this policy's quotes (a request about to be refused on its budget). */
  policyId?: string | undefined
  /** Most quotes looked at in one run (oldest first). Default 1,024. */
  limit?: number
}

export type SettleSolanaSponsorshipsReturnType = {
  /** Quotes whose transaction landed: they now count the fee it paid. */
  landed: number
  /** Quotes released: their blockhash expired and the transaction never landed. */
  released: number
}

type Open = {
  id: string
  chain_id: string
  signature: string | null
  blockhash: string | null
  last_valid_block_height: string | null
  fee_lamports: string
}

const integer = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
const statusesSchema = z.object({
  value: z.array(z.union([z.null(), z.object({ confirmationStatus: z.string().nullish() }).passthrough()])),
})
const validSchema = z.object({ value: z.boolean() })
const transactionSchema = z.union([
  z.null(),
  z.object({ meta: z.object({ fee: integer }).nullish() }).passthrough(),
])

/**
 * Settles open Solana quotes (docs/sponsorship.md#solana-fee-payer). For each quote still open it asks the
 * chain's node: the finalized block height (`getBlockHeight`), then the transaction's status
 * (`getSignatureStatuses` with `searchTransactionHistory`). Landed in a finalized block: the quote
 * becomes the fee the transaction paid (`getTransaction`'s `meta.fee`, the quote when it cannot be
 * read). Not found, and the finalized height past the quote's `last_valid_block_height`, and the node
 * no longer accepting its blockhash (`isBlockhashValid`): released, it counts 0 (no block can include
 * it any more). Anything else (landed but not finalized, blockhash still valid, node not answering)
 * stays open and counted at its quote. The policy's running total moves by the difference in the same
 * database transaction; every update is `where settled_at is null`, so several instances on one
 * PostgreSQL may settle at once.
 *
 * @example
 * const { landed, released } = await settleSolanaSponsorships({ db: ctx.store.db, writes: ctx.batcher, chains: ctx.config.chains, logger, now: Date.now() })
 */
export async function settleSolanaSponsorships(
  parameters: SettleSolanaSponsorshipsParameters,
): Promise<SettleSolanaSponsorshipsReturnType> {
  const { db, chains, logger, policyId, limit = 1024 } = parameters
  const solana = chains.filter((chain): chain is SolanaChainConfig => chain.type === 'solana')
  const result = { landed: 0, released: 0 }
  if (solana.length === 0) return result
  let query = db
    .selectFrom('solana_sponsorships')
    .select(['id', 'chain_id', 'signature', 'blockhash', 'last_valid_block_height', 'fee_lamports'])
    .where('settled_at', 'is', null)
    .where(
      'chain_id',
      'in',
      solana.map((chain) => chain.id),
    )
  if (policyId !== undefined) query = query.where('policy_id', '=', policyId)
  const rows: Open[] = await query.orderBy('created_at').limit(limit).execute()
  for (const chain of solana) {
    const open = rows.filter((row) => row.chain_id === chain.id && row.signature !== null)
    for (let start = 0; start < open.length; start += maxSignaturesPerCall) {
      try {
        const counts = await settleOnChain(parameters, chain, open.slice(start, start + maxSignaturesPerCall))
        result.landed += counts.landed
        result.released += counts.released
      } catch (error) {
        logger.warn('solana sponsorship settlement: chain not readable', {
          chainId: chain.id,
          error: (error as Error).message,
        })
        break
      }
    }
  }
  return result
}

async function settleOnChain(
  parameters: SettleSolanaSponsorshipsParameters,
  chain: SolanaChainConfig,
  open: Open[],
): Promise<SettleSolanaSponsorshipsReturnType> {
  const { logger } = parameters
  const label = `node of chain ${chain.id}`
  const call = (method: string, params: unknown) =>
    callUpstream({ url: chain.rpcUrl, label, logger, method, params })
  // The height first: a transaction that landed at or below it is in the statuses asked after.
  const height = BigInt(integer.parse(await call('getBlockHeight', [{ commitment: 'finalized' }])))
  const statuses = statusesSchema.parse(
    await call('getSignatureStatuses', [
      open.map((row) => row.signature),
      { searchTransactionHistory: true },
    ]),
  ).value
  const result = { landed: 0, released: 0 }
  const stillValid = new Map<string, boolean>()
  for (const [index, row] of open.entries()) {
    const status = statuses[index]
    if (status) {
      if (status.confirmationStatus !== 'finalized') continue
      const paid = await readPaidFee(call, row)
      if (await settle(parameters, row, paid)) result.landed += 1
      continue
    }
    if (row.last_valid_block_height === null || height <= BigInt(row.last_valid_block_height)) continue
    // The node's own word on the blockhash as well: a quote is never released while it is accepted.
    if (row.blockhash !== null) {
      let valid = stillValid.get(row.blockhash)
      if (valid === undefined) {
        valid = validSchema.parse(
          await call('isBlockhashValid', [row.blockhash, { commitment: 'processed' }]),
        ).value
        stillValid.set(row.blockhash, valid)
      }
      if (valid) continue
    }
    if (await settle(parameters, row, 0n)) result.released += 1
  }
  return result
}

/** The fee the landed transaction paid (`getTransaction`), or its quote when the node does not say. */
async function readPaidFee(call: (method: string, params: unknown) => Promise<unknown>, row: Open) {
  try {
    const transaction = transactionSchema.parse(
      await call('getTransaction', [
        row.signature,
        { commitment: 'finalized', encoding: 'json', maxSupportedTransactionVersion: 0 },
      ]),
    )
    const fee = transaction?.meta?.fee
    return fee === undefined ? BigInt(row.fee_lamports) : BigInt(fee)
  } catch {
    return BigInt(row.fee_lamports)
  }
}

/**
 * Settles one quote at `paid` lamports (only while it is open) and moves its policy's running total
 * by `paid - quote`. False when another settler was first.
 */
async function settle({ writes, now }: SettleSolanaSponsorshipsParameters, row: Open, paid: bigint) {
  return retryOnConflict(() =>
    writes.run(async (trx) => {
      const updated = await trx
        .updateTable('solana_sponsorships')
        .set({ settled_at: now, paid_lamports: paid.toString() })
        .where('id', '=', row.id)
        .where('settled_at', 'is', null)
        .returning('policy_id')
        .executeTakeFirst()
      if (!updated) return false
      const change = paid - BigInt(row.fee_lamports)
      if (change === 0n) return true
      const policy = await trx
        .selectFrom('sponsor_policies')
        .select('spent_wei')
        .where('id', '=', updated.policy_id)
        .executeTakeFirstOrThrow()
      const total = BigInt(policy.spent_wei) + change
      const moved = await trx
        .updateTable('sponsor_policies')
        .set({ spent_wei: (total < 0n ? 0n : total).toString() })
        .where('id', '=', updated.policy_id)
        .where('spent_wei', '=', policy.spent_wei)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new VersionConflict()
      return true
    }),
  )
}
