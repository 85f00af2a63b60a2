import { BlockList, isIP } from 'node:net'

/** The reverse proxies whose `X-Forwarded-For` / `Forwarded` headers are believed. */
export type TrustedProxies = {
  /** The entries as configured (addresses and CIDRs), for logs and docs. */
  readonly entries: readonly string[]
  /** Whether `address` (IPv4, IPv6, or IPv4-mapped IPv6) is one of them. */
  has(address: string): boolean
}

/**
 * Reads `SIGIL_TRUSTED_PROXIES`: a comma-separated list (or an array) of IPv4/IPv6 addresses and
 * CIDRs, e.g. `127.0.0.1/32,10.0.0.0/8,::1/128`. Empty by default: no proxy header is believed.
 * Throws a message naming the bad entry, so a typo stops the server at start instead of silently
 * trusting nobody (or everybody).
 *
 * @example
 * const proxies = parseTrustedProxies('10.0.0.0/8, ::1')
 * proxies.has('10.1.2.3') // true
 */
export function parseTrustedProxies(value: string | readonly string[] | undefined): TrustedProxies {
  const entries = (typeof value === 'string' ? value.split(',') : (value ?? []))
    .map((entry) => entry.trim())
    .filter(Boolean)
  const list = new BlockList()
  for (const entry of entries) {
    const slash = entry.indexOf('/')
    const address = slash === -1 ? entry : entry.slice(0, slash)
    const prefix = slash === -1 ? undefined : entry.slice(slash + 1)
    const version = isIP(address)
    const maxPrefix = version === 4 ? 32 : 128
    if (
      version === 0 ||
      address.includes('%') ||
      (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > maxPrefix))
    )
      throw new Error(
        `SIGIL_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 127.0.0.1, 10.0.0.0/8, ::1/128)`,
      )
    const type = version === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return {
    entries,
    has(address) {
      const version = isIP(address)
      if (version === 0 || entries.length === 0) return false
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6')
    },
  }
}
