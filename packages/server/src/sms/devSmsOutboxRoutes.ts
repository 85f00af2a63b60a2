import { Hono } from 'hono'
import { loopbackOnly } from '../mail/loopbackOnly.js'
import type { SigilContext } from '../SigilContext.js'
import { listDevSms } from './listDevSms.js'
import { renderDevSmsOutbox } from './renderDevSmsOutbox.js'

/**
 * The dev SMS outbox, mounted at `/dev` only in dev mode without an SMS provider, beside the dev
 * mailbox: `GET /dev/sms` (HTML, refreshes itself) and `GET /dev/sms.json` (`{messages}`, newest
 * first, `?to=` filter). Loopback hosts only, as the mailbox.
 *
 * @example
 * if (resolved.devSmsOutbox) app.route('/dev', devSmsOutboxRoutes(ctx))
 */
export function devSmsOutboxRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()
  routes.use('/sms', loopbackOnly())
  routes.use('/sms.json', loopbackOnly())
  routes.get('/sms', async (c) => {
    const messages = await listDevSms(ctx.store, { to: c.req.query('to') })
    c.header('Cache-Control', 'no-store')
    return c.html(renderDevSmsOutbox(messages))
  })
  routes.get('/sms.json', async (c) => {
    const messages = await listDevSms(ctx.store, { to: c.req.query('to') })
    c.header('Cache-Control', 'no-store')
    return c.json({ messages })
  })
  return routes
}
