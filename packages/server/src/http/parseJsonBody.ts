import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from './errors/ApiError.js'
import { exceedsJsonDepth, maxJsonDepth } from './exceedsJsonDepth.js'

export type ParseJsonBodyOptions = {
  /** Error code of the refusals: default `REQUEST_INVALID` (`/public/v1`); `/signer` uses `INVALID_REQUEST`. */
  errorCode?: string
  /** Message for text that is not JSON; default `malformed JSON body`. */
  malformedMessage?: string
}

/**
 * Parses request input as JSON, with the API's errors for an empty or malformed body, and refuses
 * objects and arrays nested deeper than {@link maxJsonDepth} before parsing (400 `JSON_TOO_DEEP`).
 * Every JSON request body and every JSON string inside one (a `stampedRequest.body`) is parsed
 * here.
 *
 * @example
 * const json = parseJsonBody(raw)
 * const inner = parseJsonBody(stampedRequest.body, { errorCode: 'INVALID_REQUEST', malformedMessage: 'stampedRequest.body is not JSON' })
 */
export function parseJsonBody(raw: string, options: ParseJsonBodyOptions = {}): unknown {
  const { errorCode = 'REQUEST_INVALID', malformedMessage = 'malformed JSON body' } = options
  if (raw.length === 0)
    throw new ApiError('INVALID_ARGUMENT', 'request body is empty: send a JSON object', { errorCode })
  if (exceedsJsonDepth(raw))
    throw new ApiError('INVALID_ARGUMENT', `JSON nested deeper than ${maxJsonDepth} levels`, {
      errorCode: signerErrorCodes.JSON_TOO_DEEP,
    })
  try {
    return JSON.parse(raw)
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', malformedMessage, {
      errorCode,
      cause,
      details: cause instanceof Error ? cause.message : undefined,
    })
  }
}
