import type { Context } from 'hono'
import { ApiError } from './errors/ApiError.js'
import { readRawBody } from './readRawBody.js'

export type JsonBody = {
  /** The exact body text the client sent: stamps and fingerprints are computed over it. */
  raw: string
  json: unknown
}

/**
 * Reads the request body once, keeping its exact text, and parses it as JSON.
 * The size limit is enforced before this by the body-limit middleware.
 *
 * @example
 * const { raw, json } = await readJsonBody(c)
 */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  const raw = await readRawBody(c)
  if (raw.length === 0)
    throw new ApiError('INVALID_ARGUMENT', 'request body is empty: send a JSON object', {
      errorCode: 'REQUEST_INVALID',
    })
  try {
    return { raw, json: JSON.parse(raw) }
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', 'malformed JSON body', {
      errorCode: 'REQUEST_INVALID',
      cause,
      details: cause instanceof Error ? cause.message : undefined,
    })
  }
}
