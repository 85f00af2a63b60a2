import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Metrics } from './createMetrics.js'

/**
 * Middleware timing every request into `sigil_http_request_duration_seconds`, labelled with the route
 * pattern Hono matched (`/signer/v1/otp`, `/public/v1/submit/:name`; a wildcard such as `/public/v1/*`
 * when no route answered), never the raw path, so ids in paths do not make new series. The labelled
 * series are kept by key: a request costs a string and a map lookup, not prom-client's label hashing.
 *
 * @example
 * app.use('*', measureRequests(metrics))
 */
export function measureRequests(metrics: Pick<Metrics, 'requestDuration'>): MiddlewareHandler {
  const series = new Map<string, { observe(seconds: number): void }>()
  return async (c, next) => {
    const started = performance.now()
    await next()
    const seconds = (performance.now() - started) / 1000
    const method = c.req.method
    const route = routePath(c)
    const status = c.res.status
    const key = `${method} ${status} ${route}`
    let child = series.get(key)
    if (!child) {
      child = metrics.requestDuration.labels({ method, route, status: String(status) })
      series.set(key, child)
    }
    child.observe(seconds)
  }
}
