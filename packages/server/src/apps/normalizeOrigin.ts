import { ApiError } from '../http/errors/ApiError.js'

/**
 * `https://App.example:443/path` → `https://app.example`: the origin of a URL, as browsers send it
 * in the `Origin` header. Throws a 400 for anything that is not an http(s) URL.
 *
 * @example
 * normalizeOrigin('http://localhost:5173/') // 'http://localhost:5173'
 */
export function normalizeOrigin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', `not a URL: ${value}`, { errorCode: 'INVALID_REQUEST', cause })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ApiError('INVALID_ARGUMENT', `origin must be http(s): ${value}`, {
      errorCode: 'INVALID_REQUEST',
    })
  return url.origin
}
