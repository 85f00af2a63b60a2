import type { SigilContext } from '../../SigilContext.js'
import { type SponsorshipSettlement, startSettlementTimer } from '../startSettlementTimer.js'
import { settleSolanaSponsorships } from './settleSolanaSponsorships.js'

/**
 * Runs {@link settleSolanaSponsorships} every `intervalMs` (default 15 s) on the server's Solana chains,
 * on an unref'd timer (it never keeps the process alive): quotes of transactions that landed become
 * their fee, quotes whose blockhash expired unlanded are released. Runs never overlap; a failed run is
 * logged and the next one tries again. Several instances on one PostgreSQL may all run it.
 *
 * @example
 * const settlement = startSolanaSponsorshipSettlement(ctx)
 * await settlement.stop()
 */
export function startSolanaSponsorshipSettlement(
  ctx: Pick<SigilContext, 'store' | 'batcher' | 'config' | 'logger' | 'now'>,
  { intervalMs = 15_000 }: { intervalMs?: number } = {},
): SponsorshipSettlement {
  return startSettlementTimer({
    label: 'solana sponsorship settlement',
    intervalMs,
    logger: ctx.logger,
    settle: () =>
      settleSolanaSponsorships({
        db: ctx.store.db,
        writes: ctx.batcher,
        chains: ctx.config.chains,
        logger: ctx.logger,
        now: ctx.now(),
      }),
  })
}
