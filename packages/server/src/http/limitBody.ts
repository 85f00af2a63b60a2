import { signerErrorCodes } from '@sigil/protocol'
import type { Context, Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './errors/ApiError.js'
import { hasFixedLength } from './readRawBody.js'

/**
 * Refuses bodies larger than `maxBytes` with 413 before they are read: by their `Content-Length`
 * when they announce one (without touching the body, see `readRawBody`), else while streaming.
 *
 * @example
 * app.use('/public/v1/*', limitBody(262_144))
 */
export function limitBody(maxBytes: number) {
  const tooLarge = (c: Context) => {
    // The unread rest of the body is still on the connection: close it after this answer, so
    // that no keep-alive client sends its next request into it.
    c.header('Connection', 'close')
    return new ApiError('OUT_OF_RANGE', `request body is larger than ${maxBytes} bytes`, {
      errorCode: signerErrorCodes.REQUEST_INVALID,
    })
  }
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      throw tooLarge(c)
    },
  })
  return async (c: Context, next: Next) => {
    if (!hasFixedLength(c)) return streamed(c, next)
    const length = Number(c.req.header('content-length'))
    if (!Number.isSafeInteger(length) || length < 0 || length > maxBytes) throw tooLarge(c)
    await next()
  }
}
