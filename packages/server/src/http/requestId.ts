import type { IncomingMessage } from 'node:http'
import type { Context, Next } from 'hono'
import type { Logger } from '../log/createLogger.js'
import { runInRequestContext } from '../log/requestContext.js'
import { pickRequestId } from './pickRequestId.js'

/**
 * The request-id middleware, first in the chain: takes the caller's `X-Request-Id` when it is a short safe
 * token (a proxy's id, so its log and ours join) or makes one, answers it in `X-Request-Id`, keeps it on the
 * Hono context (`c.get('requestId')`), runs the rest of the request inside `requestContext` (every log line
 * carries it) and logs one `request` line at the end, with the id: method, path (no query string, which
 * may hold a code), status and milliseconds (docs/deploy.md#logs). The signing hot path does the same on the
 * Node listener, before Hono (`kms/signRawPayloadListener.ts`).
 *
 * @example
 * app.use('*', requestId(logger))
 */
export function requestId(logger: Logger) {
  return async (c: Context, next: Next) => {
    const started = performance.now()
    // Node's own header object when on the listener: `c.req.header` would build a web `Headers`.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    const given = incoming ? incoming.headers['x-request-id'] : c.req.header('x-request-id')
    const id = pickRequestId(given)
    c.set('requestId', id)
    const handle = async () => {
      try {
        await next()
      } finally {
        logger.info('request', {
          requestId: id,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        })
      }
    }
    await runInRequestContext({ requestId: id }, handle)
    try {
      c.res.headers.set('X-Request-Id', id)
    } catch {
      // A response with immutable headers (one passed on from `fetch`): copied once to add the header.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('X-Request-Id', id)
    }
  }
}
