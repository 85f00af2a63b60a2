import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Metrics } from './createMetrics.js'

/**
 * Middleware timing every request into `sigil_http_request_duration_seconds`, labelled with the route
 * pattern Hono matched (`/signer/v1/otp`, `/rpc/:chain`; a wildcard such as `/public/v1/*` when no route
 * answered), never the raw path, so ids in paths do not make new series.
 *
 * @example
 * app.use('*', measureRequests(metrics))
 */
export function measureRequests(metrics: Pick<Metrics, 'requestDuration'>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    metrics.requestDuration.observe(
      { method: c.req.method, route: routePath(c), status: String(c.res.status) },
      (performance.now() - started) / 1000,
    )
  }
}
