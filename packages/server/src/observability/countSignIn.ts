import { ApiError } from '../http/errors/ApiError.js'
import type { Metrics } from './createMetrics.js'

/**
 * Runs a sign-in route's `work` and counts it in `sigil_sign_ins_total` under `method`: `success` when it
 * answers, `refused` when a rate limit turned it away (429), `failure` otherwise. Without a method (a
 * route that is not a sign-in, see `signInMethodOf`) it only runs `work`.
 *
 * @example
 * const answer = await countSignIn(ctx.metrics, 'email', () => definition.handle(ctx, request, body))
 */
export async function countSignIn<T>(
  metrics: Pick<Metrics, 'signIns'>,
  method: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!method) return work()
  try {
    const answer = await work()
    metrics.signIns.inc({ method, outcome: 'success' })
    return answer
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 429
    metrics.signIns.inc({ method, outcome: refused ? 'refused' : 'failure' })
    throw error
  }
}
