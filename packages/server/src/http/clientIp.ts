import type { Context } from 'hono'
import type { TrustedProxies } from './parseTrustedProxies.js'
import { resolveClientIp } from './resolveClientIp.js'

/**
 * The client address per-IP rate limits count under: the socket's peer, or, when that peer is one
 * of `trustedProxies` (`SIGIL_TRUSTED_PROXIES`), the client its `X-Forwarded-For` / `Forwarded`
 * names (see {@link resolveClientIp}). An IPv4 address as is; an IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`), since one subscriber is handed a whole /64 and could otherwise take a fresh
 * address per request. `local` for in-process requests without a socket (tests).
 *
 * @example
 * await ctx.rateLimits.emailSendsPerIp.consume(clientIp(c, ctx.config.trustedProxies))
 */
export function clientIp(c: Context, trustedProxies: TrustedProxies): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return clientIpOf(
    {
      peerAddress: incoming?.socket?.remoteAddress,
      forwardedFor: c.req.header('x-forwarded-for'),
      forwarded: c.req.header('forwarded'),
    },
    trustedProxies,
  )
}

/**
 * {@link clientIp} from a request's parts, for a request Hono does not see (a websocket upgrade).
 *
 * @example
 * clientIpOf({ peerAddress: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] }, proxies)
 */
export function clientIpOf(
  request: {
    peerAddress: string | undefined
    forwardedFor?: string | undefined
    forwarded?: string | undefined
  },
  trustedProxies: TrustedProxies,
): string {
  const { peerAddress } = request
  if (!peerAddress) return 'local'
  const address = resolveClientIp({
    peerAddress,
    forwardedFor: request.forwardedFor,
    forwarded: request.forwarded,
    trustedProxies,
  })
  if (!address.includes(':')) return address
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
