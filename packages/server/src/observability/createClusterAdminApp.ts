import { Hono } from 'hono'
import type { Readiness } from './checkReadiness.js'

export type ClusterReadiness = {
  ready: boolean
  /** Every check of every worker (`failed` when one worker failed it), and `workers`: all N listening. */
  checks: Readiness['checks'] & { workers: 'ok' | 'failed' }
}

export type CreateClusterAdminAppParameters = {
  /** The workers' metrics, aggregated (prom-client `AggregatorRegistry.clusterMetrics()`). */
  metrics: () => Promise<string>
  contentType: string
  readiness: () => Promise<ClusterReadiness>
}

/**
 * The admin listener's app in the primary of `sigil-server start --workers N` (docs/deploy.md#workers):
 * `/healthz` (the primary answers), `/readyz` (200 only when every worker is listening and passes its own
 * readiness checks) and `/metrics` (the sum over the workers).
 *
 * @example
 * await listenAdmin(createClusterAdminApp({ metrics, contentType, readiness }), { port: 9464 })
 */
export function createClusterAdminApp(parameters: CreateClusterAdminAppParameters): Hono {
  const app = new Hono()
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  app.get('/readyz', async (c) => {
    const { ready, checks } = await parameters.readiness()
    c.header('Cache-Control', 'no-store')
    return ready ? c.json({ status: 'ready', checks }) : c.json({ status: 'unready', checks }, 503)
  })
  app.get('/metrics', async (c) => {
    const text = await parameters.metrics().catch(() => undefined)
    if (text === undefined)
      return c.json({ error: 'a worker did not answer for its metrics', code: 'METRICS_UNAVAILABLE' }, 503)
    return c.body(text, 200, { 'content-type': parameters.contentType, 'cache-control': 'no-store' })
  })
  app.notFound((c) => c.json({ error: `no route for ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404))
  return app
}
