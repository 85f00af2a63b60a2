import type { IncomingMessage } from 'node:http'

/**
 * A request header from Node's own object (a web `Headers` would cost more per request), repeated values
 * joined with `, ` as `Headers.get` does.
 *
 * @example
 * const stamp = readIncomingHeader(incoming, 'X-Stamp')
 */
export function readIncomingHeader(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}
