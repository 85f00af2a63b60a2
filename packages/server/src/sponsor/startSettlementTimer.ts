import type { Logger } from '../log/createLogger.js'

export type SponsorshipSettlement = {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

/**
 * Calls `settle` every `intervalMs` on an unref'd timer (it never keeps the process alive). Runs never
 * overlap; a failed run is logged as `<label> failed` and the next one tries again.
 *
 * @example
 * const settlement = startSettlementTimer({ label: 'sponsorship settlement', intervalMs: 15_000, logger, settle })
 * await settlement.stop()
 */
export function startSettlementTimer({
  label,
  intervalMs,
  logger,
  settle,
}: {
  label: string
  intervalMs: number
  logger: Pick<Logger, 'warn'>
  settle: () => Promise<unknown>
}): SponsorshipSettlement {
  let running: Promise<unknown> | undefined
  const run = () => {
    if (running) return
    running = settle()
      .catch((error: Error) => logger.warn(`${label} failed`, { error: error.message }))
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
