import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './errors/ApiError.js'

/**
 * Refuses bodies larger than `maxBytes` with 413 before they are read in full.
 *
 * @example
 * app.use('/public/v1/*', limitBody(262_144))
 */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The unread rest of the body is still on the connection: close it after this answer, so
      // that no keep-alive client sends its next request into it.
      c.header('Connection', 'close')
      throw new ApiError('OUT_OF_RANGE', `request body is larger than ${maxBytes} bytes`, {
        errorCode: 'REQUEST_INVALID',
      })
    },
  })
}
