import type { Kysely } from 'kysely'
import { type Address, type Hex, hexToBigInt } from 'viem'
import type { ChainConfig, EvmChainConfig } from '../gateway/ChainConfig.js'
import { callUpstream } from '../gateway/callUpstream.js'
import type { Logger } from '../log/createLogger.js'
import type { WriteBatcher } from '../store/createWriteBatcher.js'
import { retryOnConflict, VersionConflict } from '../store/retryOnConflict.js'
import type { Database } from '../store/schema.js'
import { findOperationEvents, type OperationEvent } from './findOperationEvents.js'
import { readEntryPointNonces } from './readEntryPointNonces.js'

/** Without a recorded start block, inclusion is looked for this many blocks back. */
const defaultLookback = 10_000n

export type SettleSponsorshipsParameters = {
  /** Reads (the work list). */
  db: Kysely<Database>
  /** Writes: the server's write batcher, or anything with the same `run`. */
  writes: Pick<WriteBatcher, 'run'>
  /** The EVM chains whose nodes are asked; signatures of other chains stay reserved. */
  chains: readonly ChainConfig[]
  logger: Logger
  now: number
  /** Most signatures looked at in one run (oldest `valid_until` first). Default 1,000. */
  limit?: number
}

export type SettleSponsorshipsReturnType = {
  /** Signatures whose operation the chain included: their reservation became the real cost. */
  included: number
  /** Signatures released: unused once the chain passed their `valid_until`, their nonce used by another operation, or a sibling of an included one. */
  released: number
}

type Reserved = {
  id: string
  chain_id: number | bigint | string
  entry_point: string
  sender: string
  nonce: string
  user_operation_hash: string
  max_cost_wei: string
  valid_until: number | bigint | string | null
  from_block: string | null
}

/**
 * Settles reserved sponsorships (docs/sponsorship.md#budgets-and-reservations): for signatures still reserved it asks
 * the chain's node for the EntryPoint's `UserOperationEvent` with their user operation hash (from the
 * block recorded at signing on). Found: the reservation becomes the event's `actualGasCost` (added to
 * the policy's `spent_wei`) and the nonce's other signatures are released. Not found by hash, the
 * event of the signature's sender with its nonce is looked for (a sender's nonce runs at most once per
 * EntryPoint; an EIP-7702 operation's hash is computed with the delegate its client named, and the
 * chain may run it with another): paid by one of the chain's Sigil paymasters, it is charged the same
 * way; paid by another, the signatures are released. Not found at all once the latest block is past
 * `valid_until`: released (`actual_cost_wei` `'0'`), since the EntryPoint no longer accepts the
 * signature, or charged its worst case when no hash was recorded; the same once the sender's
 * EntryPoint nonce (`getNonce(sender, key)` at the searched block) is past the signature's nonce, since
 * another operation (or `incrementNonce`) used it. A signature past `valid_until` by the server's clock
 * on a chain that mined no block since stays unsettled (the budget stops counting it after a grace,
 * `tallyPolicyUsage`) and is still charged if it shows up. Every update is `where settled_at is null`,
 * so several server instances may settle at once; a node that does not answer leaves its signatures
 * as they are.
 *
 * @example
 * const { included, released } = await settleSponsorships({ db: ctx.store.db, writes: ctx.batcher, chains: ctx.config.chains, logger, now: Date.now() })
 */
export async function settleSponsorships(
  parameters: SettleSponsorshipsParameters,
): Promise<SettleSponsorshipsReturnType> {
  const { db, chains, logger, limit = 1000 } = parameters
  const chainIds = chains.flatMap((chain) => (chain.type === 'solana' ? [] : [chain.id]))
  if (chainIds.length === 0) return { included: 0, released: 0 }
  const rows: Reserved[] = await db
    .selectFrom('sponsor_operations')
    .select([
      'id',
      'chain_id',
      'entry_point',
      'sender',
      'nonce',
      'user_operation_hash',
      'max_cost_wei',
      'valid_until',
      'from_block',
    ])
    .where('settled_at', 'is', null)
    .where('chain_id', 'in', chainIds)
    .orderBy('valid_until')
    .limit(limit)
    .execute()
  const byEntryPoint = new Map<string, Reserved[]>()
  for (const row of rows) {
    const key = `${row.chain_id}:${row.entry_point}`
    byEntryPoint.set(key, [...(byEntryPoint.get(key) ?? []), row])
  }
  const result = { included: 0, released: 0 }
  for (const reserved of byEntryPoint.values()) {
    const chainId = Number(reserved[0]!.chain_id)
    const chain = chains.find((each): each is EvmChainConfig => each.type !== 'solana' && each.id === chainId)
    if (!chain) continue
    try {
      const counts = await settleOnChain(parameters, chain, reserved)
      result.included += counts.included
      result.released += counts.released
    } catch (error) {
      logger.warn('sponsorship settlement: chain not readable', {
        chainId,
        error: (error as Error).message,
      })
    }
  }
  return result
}

async function settleOnChain(
  parameters: SettleSponsorshipsParameters,
  chain: EvmChainConfig,
  reserved: Reserved[],
): Promise<SettleSponsorshipsReturnType> {
  const { logger } = parameters
  const label = `node of chain ${chain.id}`
  const call = (method: string, params: unknown) =>
    callUpstream({ url: chain.rpcUrl, label, logger, method, params })
  const latest = (await call('eth_getBlockByNumber', ['latest', false])) as { number: Hex; timestamp: Hex }
  const latestNumber = hexToBigInt(latest.number)
  const latestTime = hexToBigInt(latest.timestamp)
  const lookback = latestNumber > defaultLookback ? latestNumber - defaultLookback : 0n
  const fromBlockOf = (row: Reserved) => (row.from_block === null ? lookback : BigInt(row.from_block))
  const search = { call, entryPoint: reserved[0]!.entry_point as Address, toBlock: latest.number }
  const hashed = reserved.filter((row) => isHash(row.user_operation_hash))
  const byHash = new Map<string, OperationEvent>()
  const values = hashed.map((row) => ({ value: row.user_operation_hash as Hex, fromBlock: fromBlockOf(row) }))
  for (const event of await findOperationEvents({ ...search, by: 'hash', values }))
    byHash.set(event.userOperationHash, event)
  // Not found by hash (an EIP-7702 operation may run with another delegate than the one its hash was
  // computed with): (sender, nonce) executes at most once per EntryPoint, so its event is the one.
  const senders = new Map<string, bigint>()
  for (const row of reserved) {
    if (byHash.has(row.user_operation_hash)) continue
    const from = fromBlockOf(row)
    const known = senders.get(row.sender)
    if (known === undefined || from < known) senders.set(row.sender, from)
  }
  const bySenderNonce = new Map<string, OperationEvent>()
  const senderValues = [...senders].map(([value, fromBlock]) => ({ value: value as Hex, fromBlock }))
  for (const event of await findOperationEvents({ ...search, by: 'sender', values: senderValues }))
    bySenderNonce.set(`${event.sender}:${event.nonce}`, event)
  // Where a signature's nonce stands at the block searched up to (the unfound ones only).
  const unfound = reserved.filter(
    (row) => !byHash.has(row.user_operation_hash) && !bySenderNonce.has(`${row.sender}:${BigInt(row.nonce)}`),
  )
  const nonces = await readEntryPointNonces({
    call,
    entryPoint: search.entryPoint,
    nonces: unfound.map((row) => ({ sender: row.sender as Address, nonce: BigInt(row.nonce) })),
    blockNumber: latest.number,
  })
  const ours = new Set(Object.values(chain.paymasters ?? {}).map((address) => address.toLowerCase()))
  const result = { included: 0, released: 0 }
  const settledGroups = new Set<string>()
  // Rows found by hash first: of a nonce's signatures, the one the chain included is the one charged.
  const ordered = [...reserved].sort(
    (a, b) => Number(byHash.has(b.user_operation_hash)) - Number(byHash.has(a.user_operation_hash)),
  )
  for (const row of ordered) {
    const group = `${row.sender.toLowerCase()}:${BigInt(row.nonce)}`
    if (settledGroups.has(group)) continue
    const hashEvent = byHash.get(row.user_operation_hash)
    const event = hashEvent ?? bySenderNonce.get(group)
    if (event) {
      settledGroups.add(group)
      // A hash match is this signature (the hash covers the paymaster fields); a sender and nonce match
      // counts when one of the chain's Sigil paymasters paid, else the nonce is used and nothing of ours spent.
      const paid = hashEvent !== undefined || ours.has(event.paymaster)
      const siblings = await settle(parameters, row, paid ? event.actualGasCost.toString() : '0', true)
      if (siblings < 0) continue
      if (paid) result.included += 1
      else result.released += 1
      result.released += siblings
      continue
    }
    const hashKnown = isHash(row.user_operation_hash)
    const unused = hashKnown ? '0' : row.max_cost_wei
    if (row.valid_until !== null && latestTime > BigInt(row.valid_until)) {
      // Past validUntil and not found: the EntryPoint refuses the signature from now on. A signature
      // whose hash is not known counts at its worst case instead.
      if ((await settle(parameters, row, unused, false)) >= 0) {
        if (hashKnown) result.released += 1
        else result.included += 1
      }
      continue
    }
    // The sender's nonce moved past this one with no event of it since signing (another operation, or
    // `incrementNonce`, used it): no signature of the nonce can run any more. Only where the event search
    // covered every block since signing (a recorded start block, or a chain shorter than the lookback).
    const next = nonces.get(`${row.sender.toLowerCase()}:${BigInt(row.nonce) >> 64n}`)
    if (next === undefined || next <= BigInt(row.nonce) || (row.from_block === null && lookback > 0n))
      continue
    settledGroups.add(group)
    const siblings = await settle(parameters, row, unused, true)
    if (siblings < 0) continue
    if (hashKnown) result.released += 1
    else result.included += 1
    result.released += siblings
  }
  return result
}

const isHash = (value: string) => /^0x[0-9a-f]{64}$/.test(value)

/**
 * Settles one signature at `cost` (idempotent: only while it is unsettled) and adds a real cost to
 * its policy's `spent_wei`; an included one also releases the other unsettled signatures of its
 * nonce. Returns how many siblings were released, or -1 when another settler was first.
 */
async function settle(
  { writes, now }: SettleSponsorshipsParameters,
  row: Reserved,
  cost: string,
  included: boolean,
): Promise<number> {
  return retryOnConflict(() =>
    writes.run(async (trx) => {
      const updated = await trx
        .updateTable('sponsor_operations')
        .set({ settled_at: now, actual_cost_wei: cost })
        .where('id', '=', row.id)
        .where('settled_at', 'is', null)
        .returning('policy_id')
        .executeTakeFirst()
      if (!updated) return -1
      let siblings = 0
      if (included) {
        const released = await trx
          .updateTable('sponsor_operations')
          .set({ settled_at: now, actual_cost_wei: '0' })
          .where('chain_id', '=', row.chain_id)
          .where('entry_point', '=', row.entry_point)
          .where('sender', '=', row.sender)
          .where('nonce', '=', row.nonce)
          .where('settled_at', 'is', null)
          .where('id', '!=', row.id)
          .executeTakeFirst()
        siblings = Number(released.numUpdatedRows)
      }
      if (cost === '0') return siblings
      const policy = await trx
        .selectFrom('sponsor_policies')
        .select('spent_wei')
        .where('id', '=', updated.policy_id)
        .executeTakeFirstOrThrow()
      const added = await trx
        .updateTable('sponsor_policies')
        .set({ spent_wei: (BigInt(policy.spent_wei) + BigInt(cost)).toString() })
        .where('id', '=', updated.policy_id)
        .where('spent_wei', '=', policy.spent_wei)
        .executeTakeFirst()
      if (Number(added.numUpdatedRows) !== 1) throw new VersionConflict()
      return siblings
    }),
  )
}
