import { ApiError } from './errors/ApiError.js'

/**
 * Parses a request body as JSON, with the API's errors for an empty or malformed body.
 *
 * @example
 * const json = parseJsonBody(raw)
 */
export function parseJsonBody(raw: string): unknown {
  if (raw.length === 0)
    throw new ApiError('INVALID_ARGUMENT', 'request body is empty: send a JSON object', {
      errorCode: 'REQUEST_INVALID',
    })
  try {
    return JSON.parse(raw)
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', 'malformed JSON body', {
      errorCode: 'REQUEST_INVALID',
      cause,
      details: cause instanceof Error ? cause.message : undefined,
    })
  }
}
