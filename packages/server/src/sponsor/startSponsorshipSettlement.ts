import type { SigilContext } from '../SigilContext.js'
import { settleSponsorships } from './settleSponsorships.js'
import { type SponsorshipSettlement, startSettlementTimer } from './startSettlementTimer.js'

export type { SponsorshipSettlement } from './startSettlementTimer.js'

/**
 * Runs {@link settleSponsorships} every `intervalMs` (default 15 s) on the server's EVM chains, on an
 * unref'd timer (it never keeps the process alive). Runs never overlap; a failed run is logged and
 * the next one tries again. Several instances on one PostgreSQL may all run it.
 *
 * @example
 * const settlement = startSponsorshipSettlement(ctx)
 * await settlement.stop()
 */
export function startSponsorshipSettlement(
  ctx: Pick<SigilContext, 'store' | 'batcher' | 'config' | 'logger' | 'now'>,
  { intervalMs = 15_000 }: { intervalMs?: number } = {},
): SponsorshipSettlement {
  return startSettlementTimer({
    label: 'sponsorship settlement',
    intervalMs,
    logger: ctx.logger,
    settle: () =>
      settleSponsorships({
        db: ctx.store.db,
        writes: ctx.batcher,
        chains: ctx.config.chains,
        logger: ctx.logger,
        now: ctx.now(),
      }),
  })
}
