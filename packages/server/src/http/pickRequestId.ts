import { randomUUID } from 'node:crypto'

/** An incoming `X-Request-Id` is kept only when it is a short safe token. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * The id a request is logged and answered with: the caller's `X-Request-Id` when it is a short safe token
 * (a proxy's id, so its log and ours join), else a new UUID (docs/deploy.md#logs).
 *
 * @example
 * const id = pickRequestId(incoming.headers['x-request-id'])
 */
export function pickRequestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID()
}
