import type { Context } from 'hono'

/**
 * The client's IP address as the socket sees it (no proxy headers are trusted), or `local` for
 * in-process requests (tests).
 *
 * @example
 * await ctx.rateLimits.emailSendsPerIp.consume(clientIp(c))
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}
