import { Hono } from 'hono'
import type { SigilContext } from '../SigilContext.js'
import { healthRoutes } from './healthRoutes.js'

/**
 * The admin listener's app: `/healthz`, `/readyz` and `GET /metrics` (Prometheus text of this server's
 * registry). Served only on the admin port, never on the main listener (docs/deploy.md#health-and-metrics).
 *
 * @example
 * const admin = createAdminApp(app.sigil)
 * serve({ fetch: admin.fetch, port: 9464, hostname: '127.0.0.1' })
 */
export function createAdminApp(
  ctx: Pick<SigilContext, 'store' | 'vault' | 'apiKeyChanges' | 'metrics'>,
): Hono {
  const app = new Hono()
  app.route('/', healthRoutes(ctx))
  app.get('/metrics', async (c) => {
    const text = await ctx.metrics.registry.metrics()
    return c.body(text, 200, {
      'content-type': ctx.metrics.registry.contentType,
      'cache-control': 'no-store',
    })
  })
  app.notFound((c) => c.json({ error: `no route for ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404))
  return app
}
