import { Hono } from 'hono'
import type { SigilContext } from '../SigilContext.js'
import { listDevMail } from './listDevMail.js'
import { loopbackOnly } from './loopbackOnly.js'
import { renderDevMailbox } from './renderDevMailbox.js'

/**
 * The dev mailbox, mounted at `/dev` only in dev mode without an SMTP server: `GET /dev/mailbox`
 * (HTML, refreshes itself) and `GET /dev/mailbox.json` (`{messages}`, newest first, `?to=` filter).
 * It answers only when the request names a loopback host (`Host: localhost:8787`, `127.0.0.1`,
 * `[::1]`): a page on another site whose name an attacker points at 127.0.0.1 (DNS rebinding) sends
 * its own name as `Host` and gets 403 `DEV_MAILBOX_LOOPBACK_ONLY`.
 *
 * @example
 * if (resolved.devMailbox) app.route('/dev', devMailboxRoutes(ctx))
 */
export function devMailboxRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()
  routes.use(loopbackOnly())
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
