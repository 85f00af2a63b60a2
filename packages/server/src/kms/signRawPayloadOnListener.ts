import type { IncomingMessage } from 'node:http'
import type { Context, Next } from 'hono'
import { parseJsonBody } from '../http/parseJsonBody.js'
import { readIncomingBody } from '../http/readIncomingBody.js'
import type { SigilContext } from '../SigilContext.js'
import { activities } from './activities/activities.js'
import { submitActivity } from './activities/submitActivity.js'

/**
 * `POST /public/v1/submit/sign_raw_payload` on the Node listener, registered before the `/public/v1`
 * middleware: the same activity (`submitActivity`) and the same answer
 * as the route in `createPublicApiRoutes`, without what Hono's generic path costs a request that is
 * most of the load: request headers are read from Node's own object (Hono builds a web `Headers` for
 * the first `c.req.header`), and the answer is a `Response` with plain headers (`c.header` builds
 * another `Headers`, which `@hono/node-server` then copies back into an object), and none of the
 * `/public/v1` middleware runs (the app-wide request-id and latency middleware still do). The bench
 * measured the event loop's time per signing request going from 0.15 to 0.12 ms before those two.
 *
 * It takes only a request that the middleware would let through unchanged: on the listener
 * (`c.env.incoming`), a `Content-Length` within `maxBodyBytes`, no `Transfer-Encoding`, an `X-Stamp`.
 * Anything else goes on (`next()`) to the usual chain, which refuses it with its usual error. An
 * error thrown here goes to the app's error handler, with the CORS header, as the route's would.
 *
 * @example
 * app.post('/public/v1/submit/sign_raw_payload', signRawPayloadOnListener(ctx))
 */
export function signRawPayloadOnListener(ctx: SigilContext) {
  const definition = activities.sign_raw_payload
  return async (c: Context, next: Next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    if (!incoming) return next()
    const { headers } = incoming
    const length = headers['content-length']
    if (
      !headers['x-stamp'] ||
      length === undefined ||
      headers['transfer-encoding'] !== undefined ||
      !/^\d{1,15}$/.test(length) ||
      Number(length) > ctx.config.maxBodyBytes
    )
      return next()
    try {
      const raw = await readIncomingBody(incoming)
      const json = parseJsonBody(raw)
      const header = (name: string) => {
        const value = headers[name.toLowerCase()]
        return Array.isArray(value) ? value.join(', ') : value
      }
      const activity = await submitActivity(ctx, { path: 'sign_raw_payload', definition, raw, json, header })
      // What the route answers (`c.json` after `publicApiCors`). A new object each time:
      // `@hono/node-server` adds `Content-Length` to it.
      const answerHeaders = {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      }
      return new Response(JSON.stringify({ activity }), { status: 200, headers: answerHeaders })
    } catch (error) {
      c.header('Access-Control-Allow-Origin', '*')
      throw error
    }
  }
}
