import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../resolveConfig.js'
import { parseTrustedProxies } from './parseTrustedProxies.js'

describe('parseTrustedProxies', () => {
  test('default: nothing is trusted', () => {
    for (const value of [undefined, '', ' , ', []]) {
      const proxies = parseTrustedProxies(value)
      expect(proxies.entries).toEqual([])
      expect(proxies.has('127.0.0.1')).toBe(false)
      expect(proxies.has('::1')).toBe(false)
    }
  })

  test('behavior: IPv4 and IPv6 CIDRs and single addresses, from a comma-separated list', () => {
    const proxies = parseTrustedProxies(' 127.0.0.1/32, 10.0.0.0/8,::1/128 , 2001:db8:ff::/48,192.0.2.7')
    expect(proxies.entries).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      '::1/128',
      '2001:db8:ff::/48',
      '192.0.2.7',
    ])
    expect(proxies.has('127.0.0.1')).toBe(true)
    expect(proxies.has('127.0.0.2')).toBe(false)
    expect(proxies.has('10.255.0.1')).toBe(true)
    expect(proxies.has('11.0.0.1')).toBe(false)
    expect(proxies.has('::1')).toBe(true)
    expect(proxies.has('0:0:0:0:0:0:0:1')).toBe(true)
    expect(proxies.has('2001:db8:ff:1::9')).toBe(true)
    expect(proxies.has('2001:db8:fe::9')).toBe(false)
    expect(proxies.has('192.0.2.7')).toBe(true)
    expect(proxies.has('192.0.2.8')).toBe(false)
  })

  test('behavior: an IPv4-mapped IPv6 peer matches its IPv4 range', () => {
    expect(parseTrustedProxies('127.0.0.1/32').has('::ffff:127.0.0.1')).toBe(true)
  })

  test('behavior: an array is read like the list', () => {
    expect(parseTrustedProxies(['10.0.0.0/8']).has('10.0.0.1')).toBe(true)
  })

  test('behavior: what is not an address is never trusted', () => {
    const proxies = parseTrustedProxies('0.0.0.0/0,::/0')
    expect(proxies.has('local')).toBe(false)
    expect(proxies.has('')).toBe(false)
    expect(proxies.has('1.2.3.4')).toBe(true)
  })

  test.each([
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.300',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/-1',
    '10.0.0.0/ 8',
    'localhost',
    'fe80::1%eth0',
    '10.0.0.0/8;rm',
  ])('error: %s stops the server with a message naming the entry', (entry) => {
    expect(() => parseTrustedProxies(`127.0.0.1,${entry}`)).toThrowError(
      `SIGIL_TRUSTED_PROXIES: "${entry.trim()}" is not an IP address or CIDR`,
    )
  })

  test('behavior: the server reads SIGIL_TRUSTED_PROXIES, and the config option wins over it', () => {
    const fromEnv = resolveConfig({ env: { SIGIL_TRUSTED_PROXIES: '10.0.0.0/8,::1' } }).trustedProxies
    expect(fromEnv.entries).toEqual(['10.0.0.0/8', '::1'])
    expect(fromEnv.has('10.2.3.4')).toBe(true)
    const fromConfig = resolveConfig({
      trustedProxies: ['192.0.2.1'],
      env: { SIGIL_TRUSTED_PROXIES: '10.0.0.0/8' },
    })
    expect(fromConfig.trustedProxies.entries).toEqual(['192.0.2.1'])
    expect(resolveConfig({ env: {} }).trustedProxies.entries).toEqual([])
  })

  test('error: a bad SIGIL_TRUSTED_PROXIES stops the server at start', () => {
    expect(() => resolveConfig({ env: { SIGIL_TRUSTED_PROXIES: '10.0.0.0/8,10.0.0/24' } })).toThrowError(
      'SIGIL_TRUSTED_PROXIES: "10.0.0/24" is not an IP address or CIDR (e.g. 127.0.0.1, 10.0.0.0/8, ::1/128)',
    )
  })
})
