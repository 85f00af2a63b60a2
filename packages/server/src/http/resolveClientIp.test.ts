import { describe, expect, test } from 'vitest'
import { parseTrustedProxies } from './parseTrustedProxies.js'
import { resolveClientIp } from './resolveClientIp.js'

const trustedProxies = parseTrustedProxies('127.0.0.1/32,10.0.0.0/8,::1/128,2001:db8:ffff::/48')
const nobody = parseTrustedProxies('')
const resolve = (peerAddress: string, headers: { forwardedFor?: string; forwarded?: string } = {}) =>
  resolveClientIp({ peerAddress, trustedProxies, ...headers })

describe('resolveClientIp', () => {
  test('default: the socket address when no proxy is trusted, whatever the headers say', () => {
    expect(
      resolveClientIp({
        peerAddress: '198.51.100.4',
        forwardedFor: '203.0.113.9',
        forwarded: 'for=203.0.113.9',
        trustedProxies: nobody,
      }),
    ).toBe('198.51.100.4')
  })

  test('behavior: headers from an untrusted peer are ignored', () => {
    expect(resolve('198.51.100.4', { forwardedFor: '203.0.113.9' })).toBe('198.51.100.4')
    expect(resolve('198.51.100.4', { forwarded: 'for=203.0.113.9' })).toBe('198.51.100.4')
  })

  test('behavior: a trusted peer without headers is the client', () => {
    expect(resolve('10.0.0.2')).toBe('10.0.0.2')
    expect(resolve('10.0.0.2', { forwardedFor: ' ', forwarded: '' })).toBe('10.0.0.2')
  })

  test('behavior: X-Forwarded-For is walked from the right; the first untrusted hop is the client', () => {
    expect(resolve('127.0.0.1', { forwardedFor: '203.0.113.9' })).toBe('203.0.113.9')
    // A client-forged entry on the left is never reached.
    expect(resolve('127.0.0.1', { forwardedFor: '1.1.1.1, 203.0.113.9, 10.0.0.7' })).toBe('203.0.113.9')
    expect(resolve('127.0.0.1', { forwardedFor: 'garbage, 203.0.113.9,10.0.0.7' })).toBe('203.0.113.9')
    // Every hop trusted: the leftmost one.
    expect(resolve('127.0.0.1', { forwardedFor: '10.0.0.8, 10.0.0.7' })).toBe('10.0.0.8')
  })

  test('behavior: IPv4-mapped IPv6 peers and hops are IPv4', () => {
    expect(resolve('::ffff:127.0.0.1', { forwardedFor: '::ffff:203.0.113.9' })).toBe('203.0.113.9')
    expect(resolve('::ffff:198.51.100.4')).toBe('198.51.100.4')
    expect(resolve('0:0:0:0:0:ffff:c633:6404')).toBe('198.51.100.4')
  })

  test('behavior: IPv6 hops are canonical (lower case, compressed), with or without brackets and ports', () => {
    expect(resolve('::1', { forwardedFor: '2001:DB8:0:0:0:0:0:7' })).toBe('2001:db8::7')
    expect(resolve('::1', { forwardedFor: '[2001:db8::7]:4711' })).toBe('2001:db8::7')
    expect(resolve('2001:db8:ffff:1::2', { forwardedFor: '2001:db8::7, 2001:db8:ffff::3' })).toBe(
      '2001:db8::7',
    )
    expect(resolve('127.0.0.1', { forwardedFor: '203.0.113.9:51234' })).toBe('203.0.113.9')
  })

  test('behavior: RFC 7239 Forwarded, with quoted bracketed IPv6, ports, other parameters and case', () => {
    expect(resolve('127.0.0.1', { forwarded: 'for=203.0.113.9' })).toBe('203.0.113.9')
    expect(resolve('127.0.0.1', { forwarded: 'For="[2001:db8:cafe::17]:4711"' })).toBe('2001:db8:cafe::17')
    expect(resolve('127.0.0.1', { forwarded: 'for="203.0.113.9:80";proto=https;by=10.0.0.1' })).toBe(
      '203.0.113.9',
    )
    expect(
      resolve('127.0.0.1', {
        forwarded: 'for=192.0.2.43, for="[2001:db8:cafe::17]";host=example.com, for=10.0.0.7;proto=http',
      }),
    ).toBe('2001:db8:cafe::17')
    // Quoted commas and semicolons do not split elements.
    expect(resolve('127.0.0.1', { forwarded: 'host="a,b;c";for=203.0.113.9' })).toBe('203.0.113.9')
    // No element names a client: nothing is said.
    expect(resolve('127.0.0.1', { forwarded: 'proto=https' })).toBe('127.0.0.1')
  })

  test('behavior: both headers naming the same client are believed', () => {
    expect(resolve('127.0.0.1', { forwardedFor: '203.0.113.9', forwarded: 'for="203.0.113.9:80"' })).toBe(
      '203.0.113.9',
    )
  })

  test('error: both headers naming different clients fall back to the socket address', () => {
    // The proxy manages one of them and the client wrote the other; we cannot tell which.
    expect(resolve('127.0.0.1', { forwardedFor: '198.51.100.1', forwarded: 'for=203.0.113.9' })).toBe(
      '127.0.0.1',
    )
  })

  test.each([
    ['X-Forwarded-For garbage', { forwardedFor: 'not-an-ip' }],
    ['X-Forwarded-For empty hop', { forwardedFor: '203.0.113.9,' }],
    ['X-Forwarded-For hostname', { forwardedFor: 'example.com' }],
    ['X-Forwarded-For zone id', { forwardedFor: 'fe80::1%eth0' }],
    ['X-Forwarded-For unclosed bracket', { forwardedFor: '[2001:db8::1' }],
    ['X-Forwarded-For bracketed IPv4', { forwardedFor: '[203.0.113.9]' }],
    ['X-Forwarded-For bad port', { forwardedFor: '[2001:db8::1]:x' }],
    ['X-Forwarded-For huge', { forwardedFor: `${'9'.repeat(5000)}` }],
    ['Forwarded unknown', { forwarded: 'for=unknown' }],
    ['Forwarded obfuscated', { forwarded: 'for=_hidden' }],
    ['Forwarded unquoted IPv6', { forwarded: 'for=[2001:db8::1' }],
    ['Forwarded unterminated quote', { forwarded: 'for="203.0.113.9' }],
    ['Forwarded no value', { forwarded: 'for' }],
    ['Forwarded no name', { forwarded: '=203.0.113.9' }],
    ['Forwarded twice in one element', { forwarded: 'for=203.0.113.9;for=198.51.100.1' }],
    ['Forwarded some elements without for', { forwarded: 'proto=http, for=203.0.113.9' }],
  ])('error: %s falls back to the socket address', (_name, headers) => {
    expect(resolve('127.0.0.1', headers)).toBe('127.0.0.1')
  })
})
