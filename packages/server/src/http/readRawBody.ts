import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { readIncomingBody } from './readIncomingBody.js'

/** Whether the body's length is announced up front (not chunked), so it can be checked before reading. */
export function hasFixedLength(c: Context): boolean {
  return c.req.header('content-length') !== undefined && c.req.header('transfer-encoding') === undefined
}

/**
 * The exact request body text. On the Node listener a body of announced length is read straight
 * from the socket's request stream: building a web `Request` and stream for every call cost more
 * than the rest of a signing request and kept memory growing under load (see the bench). Other
 * requests (in-process tests, chunked bodies) go through `c.req.text()`.
 *
 * @example
 * const raw = await readRawBody(c)
 */
export async function readRawBody(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming || !hasFixedLength(c)) return c.req.text()
  return readIncomingBody(incoming)
}
