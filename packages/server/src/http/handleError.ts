import type { Context } from 'hono'
import type { Logger } from '../log/createLogger.js'
import { currentRequestId } from '../log/requestContext.js'
import { ApiError } from './errors/ApiError.js'
import { toPublicErrorBody } from './errors/toPublicErrorBody.js'
import { toSignerErrorBody } from './errors/toSignerErrorBody.js'
import { toInternalError } from './toInternalError.js'

/**
 * Renders an error in the format of the API the request went to: `{error, code, data?}` under
 * `/signer` (and the other non-Turnkey routes), the Turnkey `rpcStatus` body under `/public/v1`.
 *
 * @example
 * return c.json(renderError(c, error), error.status)
 */
export function renderError(c: Context, error: ApiError) {
  return c.req.path.startsWith('/public/') ? toPublicErrorBody(error) : toSignerErrorBody(error)
}

/**
 * The one error handler of the server. Client mistakes ({@link ApiError}) are answered with their
 * status and body; anything else is a 500 with a request id, logged by name only (no message, which
 * may hold SQL, and no stack).
 *
 * @example
 * app.onError(handleError(logger))
 */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined)
        c.header('Retry-After', String(Math.ceil(error.retryAfterSeconds)))
      return c.json(renderError(c, error), error.status as 400)
    }
    // The context's id, or the one a request outside `requestContext` keeps on the Hono context.
    const requestId = currentRequestId() ?? (c.get('requestId') as string | undefined) ?? crypto.randomUUID()
    const internal = toInternalError({ logger, requestId, path: c.req.path, error })
    return c.json(renderError(c, internal), 500)
  }
}
