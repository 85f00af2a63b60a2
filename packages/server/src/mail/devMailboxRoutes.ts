import { Hono } from 'hono'
import type { SigilContext } from '../SigilContext.js'
import { listDevMail } from './listDevMail.js'
import { renderDevMailbox } from './renderDevMailbox.js'

/**
 * The dev mailbox, mounted at `/dev` only when no SMTP server is configured: `GET /dev/mailbox`
 * (HTML, refreshes itself) and `GET /dev/mailbox.json` (`{messages}`, newest first, `?to=` filter).
 *
 * @example
 * if (resolved.devMailbox) app.route('/dev', devMailboxRoutes(ctx))
 */
export function devMailboxRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()
  routes.get('/mailbox', async (c) => {
    const messages = await listDevMail(ctx.store, { to: c.req.query('to') })
    c.header('Cache-Control', 'no-store')
    return c.html(renderDevMailbox(messages))
  })
  routes.get('/mailbox.json', async (c) => {
    const messages = await listDevMail(ctx.store, { to: c.req.query('to') })
    c.header('Cache-Control', 'no-store')
    return c.json({ messages })
  })
  return routes
}
