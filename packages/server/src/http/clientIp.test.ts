import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { clientIp } from './clientIp.js'
import { parseTrustedProxies } from './parseTrustedProxies.js'

const ipOf = async (
  peerAddress: string | undefined,
  headers: Record<string, string> = {},
  trusted = '127.0.0.1/32,::1/128',
) => {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, parseTrustedProxies(trusted))))
  const env = peerAddress === undefined ? undefined : { incoming: { socket: { remoteAddress: peerAddress } } }
  return (await app.request('/', { headers }, env)).text()
}

describe('clientIp', () => {
  test('default: the socket address', async () => {
    expect(await ipOf('198.51.100.4', { 'x-forwarded-for': '203.0.113.9' })).toBe('198.51.100.4')
  })

  test('behavior: a trusted proxy’s X-Forwarded-For and Forwarded headers name the client', async () => {
    expect(await ipOf('::ffff:127.0.0.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' })).toBe('203.0.113.9')
    expect(await ipOf('127.0.0.1', { forwarded: 'for=203.0.113.9;proto=https' })).toBe('203.0.113.9')
  })

  test('behavior: an IPv6 client counts as its /64', async () => {
    expect(await ipOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(await ipOf('2001:DB8:1:2::7')).toBe('2001:db8:1:2::/64')
    expect(await ipOf('::1', { forwarded: 'for="[2001:db8::17]:80"' })).toBe('2001:db8:0:0::/64')
    expect(await ipOf('::1', {}, '')).toBe('0:0:0:0::/64')
    expect(await ipOf('fe80::1')).toBe('fe80:0:0:0::/64')
  })

  test('behavior: local for an in-process request without a socket', async () => {
    expect(await ipOf(undefined, { 'x-forwarded-for': '203.0.113.9' })).toBe('local')
  })
})
