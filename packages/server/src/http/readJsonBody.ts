import type { Context } from 'hono'
import { parseJsonBody } from './parseJsonBody.js'
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
  return { raw, json: parseJsonBody(raw) }
}
