import type { SolanaChainConfig } from '../../gateway/ChainConfig.js'
import type { SigilContext } from '../../SigilContext.js'
import { settleSolanaSponsorships } from './settleSolanaSponsorships.js'

/** Settlements of one policy's quotes that refused requests may start at once, then one per second. */
export const policySettlementBurst = 3
const refillMs = 1_000

type Entry = { running?: Promise<boolean>; tokens: number; at: number }

/** Per server (its context): each `chain:policy`'s settlements. */
const settlements = new WeakMap<SigilContext, Map<string, Entry>>()
const maxEntries = 10_000

/**
 * Settles the open quotes of one policy on one chain for a request its budget refused
 * (`settleSolanaSponsorships`: two or three calls to the node), rate-limited per policy and chain: requests
 * refused while a settlement runs share its answer, and a new one starts only while the policy's bucket
 * has a token ({@link policySettlementBurst} at most, one more each second). A request refused without a
 * token keeps its refusal without asking the node, so a script sending refused requests as fast as it can
 * costs the node a few calls a second, not a few per request. True when a quote was settled.
 *
 * @example
 * if (!(await settlePolicyQuotesThrottled(ctx, chain, policy.id))) throw refusal
 */
export function settlePolicyQuotesThrottled(
  ctx: SigilContext,
  chain: SolanaChainConfig,
  policyId: string,
): Promise<boolean> {
  let byKey = settlements.get(ctx)
  if (!byKey) {
    byKey = new Map()
    settlements.set(ctx, byKey)
  }
  const key = `${chain.id}:${policyId}`
  const now = ctx.now()
  let entry = byKey.get(key)
  if (!entry) {
    if (byKey.size >= maxEntries) byKey.delete(byKey.keys().next().value as string)
    entry = { tokens: policySettlementBurst, at: now }
    byKey.set(key, entry)
  }
  if (entry.running) return entry.running
  entry.tokens = Math.min(policySettlementBurst, entry.tokens + Math.max(0, now - entry.at) / refillMs)
  entry.at = now
  if (entry.tokens < 1) return Promise.resolve(false)
  entry.tokens -= 1
  const settling = entry
  const running = settleSolanaSponsorships({
    db: ctx.store.db,
    writes: ctx.batcher,
    chains: [chain],
    logger: ctx.logger,
    now,
    policyId,
  })
    .then(({ landed, released }) => landed + released > 0)
    .finally(() => {
      settling.running = undefined
    })
  settling.running = running
  return running
}
