import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../http/errors/ApiError.js'
import { isLoopbackHost } from './isLoopbackHost.js'

/**
 * Middleware of the dev-only pages (the dev mailbox, the dev SMS outbox): it answers only when the
 * request names a loopback host (`localhost:8787`, `127.0.0.1`, `[::1]`); a page on another site whose
 * name an attacker points at 127.0.0.1 (DNS rebinding) sends its own name as `Host` and gets 403
 * `DEV_MAILBOX_LOOPBACK_ONLY`.
 *
 * @example
 * routes.use(loopbackOnly())
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host')
    if (!isLoopbackHost(new URL(c.req.url).host) || (host !== undefined && !isLoopbackHost(host)))
      throw new ApiError(
        'PERMISSION_DENIED',
        'the dev mailbox answers only on a loopback host (localhost, 127.0.0.1, [::1])',
        { errorCode: 'DEV_MAILBOX_LOOPBACK_ONLY' },
      )
    await next()
  }
}
