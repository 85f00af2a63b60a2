import type { SigilContext } from '../SigilContext.js'
import { settleSponsorships } from './settleSponsorships.js'

export type SponsorshipSettlement = {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

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
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = settleSponsorships({
      db: ctx.store.db,
      writes: ctx.batcher,
      chains: ctx.config.chains,
      logger: ctx.logger,
      now: ctx.now(),
    })
      .catch((error: Error) => ctx.logger.warn('sponsorship settlement failed', { error: error.message }))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
