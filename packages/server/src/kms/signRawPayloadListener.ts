import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { ApiError } from '../http/errors/ApiError.js'
import { toPublicErrorBody } from '../http/errors/toPublicErrorBody.js'
import { parseJsonBody } from '../http/parseJsonBody.js'
import { pickRequestId } from '../http/pickRequestId.js'
import { readIncomingBody } from '../http/readIncomingBody.js'
import { readIncomingHeader } from '../http/readIncomingHeader.js'
import { toInternalError } from '../http/toInternalError.js'
import type { SigilContext } from '../SigilContext.js'
import { activities } from './activities/activities.js'
import { submitActivity } from './activities/submitActivity.js'

const path = '/public/v1/submit/sign_raw_payload'

/**
 * The signing hot path on the Node listener, before Hono: `POST /public/v1/submit/sign_raw_payload` runs
 * the same activity (`submitActivity`) as the route in `createPublicApiRoutes` and answers the same body
 * and headers, and does what the app-wide middleware does for it (the `X-Request-Id` answer and `request`
 * log line of `http/requestId.ts`, the latency histogram of `observability/measureRequests.ts`) without
 * what Hono costs a request that is most of the load: a web `Request` and `Headers`, the middleware chain,
 * a web `Response` converted back into Node's answer (bench/README.md has the figures).
 *
 * It takes only a request that the `/public/v1` middleware would let through unchanged: exactly that path
 * (no query string), a `Content-Length` within `maxBodyBytes`, no `Transfer-Encoding`, an `X-Stamp`.
 * Everything else goes to `next`, Hono's listener, which refuses it with its usual error. An error is
 * answered as the app's error handler would (`http/handleError.ts`), with the CORS header.
 *
 * @example
 * createServer(options, signRawPayloadListener(ctx, honoListener))
 */
export function signRawPayloadListener(ctx: SigilContext, next: RequestListener): RequestListener {
  const definition = activities.sign_raw_payload
  const { logger, metrics } = ctx
  // Series by status, made once: prom-client hashes the labels on every `labels()` call.
  const latencyByStatus = new Map<number, { observe(seconds: number): void }>()
  const observe = (status: number, seconds: number) => {
    let series = latencyByStatus.get(status)
    if (!series) {
      series = metrics.requestDuration.labels({ method: 'POST', route: path, status: String(status) })
      latencyByStatus.set(status, series)
    }
    series.observe(seconds)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse, requestId: string) => {
    const started = performance.now()
    let status = 200
    let body: string
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'x-request-id': requestId,
    }
    try {
      const raw = await readIncomingBody(request)
      const activity = await submitActivity(ctx, {
        path: 'sign_raw_payload',
        definition,
        raw,
        json: parseJsonBody(raw),
        header: (name) => readIncomingHeader(request, name),
      })
      headers['cache-control'] = 'no-store'
      body = JSON.stringify({ activity })
    } catch (error) {
      const answer = error instanceof ApiError ? error : toInternalError({ logger, requestId, path, error })
      status = answer.status
      if (answer.retryAfterSeconds !== undefined)
        headers['retry-after'] = String(Math.ceil(answer.retryAfterSeconds))
      body = JSON.stringify(toPublicErrorBody(answer))
    }
    headers['content-length'] = Buffer.byteLength(body)
    response.writeHead(status, headers)
    response.end(body)
    const milliseconds = performance.now() - started
    observe(status, milliseconds / 1000)
    logger.info('request', {
      requestId,
      method: 'POST',
      path,
      status,
      ms: Math.round(milliseconds * 10) / 10,
    })
  }

  return (request, response) => {
    const { headers } = request
    const length = headers['content-length']
    if (
      request.method !== 'POST' ||
      request.url !== path ||
      !headers['x-stamp'] ||
      length === undefined ||
      headers['transfer-encoding'] !== undefined ||
      !/^\d{1,15}$/.test(length) ||
      Number(length) > ctx.config.maxBodyBytes
    )
      return next(request, response)
    const requestId = pickRequestId(headers['x-request-id'])
    handle(request, response, requestId).catch((error: unknown) => {
      // Only writing the answer can get here (the socket went away meanwhile); nothing is left to answer.
      toInternalError({ logger, requestId, path, error })
      response.destroy()
    })
  }
}
