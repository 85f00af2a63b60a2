import { Hono } from 'hono'
import type { SigilContext } from '../SigilContext.js'
import { checkReadiness } from './checkReadiness.js'

/**
 * `GET /healthz` (the process answers: 200 `{ status: 'ok' }`) and `GET /readyz` (200 `{ status: 'ready',
 * checks }` when {@link checkReadiness} passes, else 503 `{ status: 'unready', checks }`), mounted on the
 * main listener and on the admin listener (docs/deploy.md#health-and-metrics).
 *
 * @example
 * app.route('/', healthRoutes(ctx))
 */
export function healthRoutes(ctx: Pick<SigilContext, 'store' | 'vault' | 'apiKeyChanges'>): Hono {
  const routes = new Hono()
  routes.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  routes.get('/readyz', async (c) => {
    const { ready, checks } = await checkReadiness(ctx)
    c.header('Cache-Control', 'no-store')
    return ready ? c.json({ status: 'ready', checks }) : c.json({ status: 'unready', checks }, 503)
  })
  return routes
}
