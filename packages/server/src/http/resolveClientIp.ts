import { isIP } from 'node:net'
import type { TrustedProxies } from './parseTrustedProxies.js'

export type ResolveClientIpParameters = {
  /** The socket's remote address (the peer that connected to us). */
  peerAddress: string
  /** The `X-Forwarded-For` header (repeated headers joined with `,`). */
  forwardedFor?: string | undefined
  /** The RFC 7239 `Forwarded` header (repeated headers joined with `,`). */
  forwarded?: string | undefined
  trustedProxies: TrustedProxies
}

/**
 * The client's IP address. It is the socket's peer unless that peer is a trusted proxy; then the
 * proxy chain of `X-Forwarded-For` (or `Forwarded: for=`) is walked from the right, skipping trusted
 * proxies, and the first untrusted address is the client (the leftmost one when all are trusted).
 * Only the part a trusted proxy appended is read, so whatever a client wrote to the left of it is
 * never believed. A malformed entry on that walk, an unknown/obfuscated `for=`, or two headers that
 * name different clients give the peer address instead. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is
 * answered as IPv4; port numbers and brackets are dropped. See docs/security.md (client IPs).
 *
 * @example
 * resolveClientIp({ peerAddress: '10.0.0.2', forwardedFor: '203.0.113.7, 10.0.0.9', trustedProxies }) // '203.0.113.7'
 */
export function resolveClientIp(parameters: ResolveClientIpParameters): string {
  const peer = toAddress(parameters.peerAddress) ?? parameters.peerAddress
  const { trustedProxies } = parameters
  if (!trustedProxies.has(peer)) return peer

  const said = (header: string | undefined) => (header?.trim() ? header : undefined)
  const xff = said(parameters.forwardedFor)
  const forwarded = said(parameters.forwarded)
  const fromForwardedFor = xff === undefined ? undefined : walk(xff.split(',').map(toAddress), trustedProxies)
  const fromForwarded = forwarded === undefined ? undefined : walk(forwardedFor(forwarded), trustedProxies)
  if (fromForwardedFor === null || fromForwarded === null) return peer
  if (fromForwardedFor && fromForwarded && fromForwardedFor !== fromForwarded) return peer
  return fromForwardedFor ?? fromForwarded ?? peer
}

/**
 * The first untrusted address from the right; `undefined` for an empty chain (nothing said), `null`
 * when the walk meets something that is not an address.
 */
function walk(chain: (string | undefined)[] | undefined, trustedProxies: TrustedProxies) {
  if (chain === undefined) return null
  if (chain.length === 0) return undefined
  let client: string | undefined
  for (let index = chain.length - 1; index >= 0; index--) {
    client = chain[index]
    if (!client) return null
    if (!trustedProxies.has(client)) return client
  }
  return client
}

/** One hop's node name as an address: `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]`, `[::1]:80`. */
function toAddress(raw: string): string | undefined {
  let node = raw.trim()
  if (node.startsWith('[')) {
    const close = node.indexOf(']')
    if (close === -1) return undefined
    const rest = node.slice(close + 1)
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined
    node = node.slice(1, close)
    if (isIP(node) !== 6) return undefined
  } else if (/^[\d.]+:\d{1,5}$/.test(node)) node = node.slice(0, node.indexOf(':'))
  if (node.includes('%')) return undefined
  const version = isIP(node)
  if (version === 0) return undefined
  if (version === 4) return node
  const canonical = new URL(`http://[${node}]/`).hostname.slice(1, -1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical)
  if (!mapped) return canonical
  const [high, low] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)]
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
}

/**
 * The `for=` node of each element of an RFC 7239 `Forwarded` header, as an address (`undefined`
 * where it is not one); `[]` when no element names a `for`; `undefined` when the header does not
 * parse, or only some elements name a `for`.
 */
function forwardedFor(header: string): (string | undefined)[] | undefined {
  const elements: Map<string, string>[] = [new Map()]
  let name = ''
  let value = ''
  let inValue = false
  let quoted = false
  const endPair = () => {
    const key = name.trim().toLowerCase()
    if (key || inValue) {
      if (!key || !inValue || elements.at(-1)!.has(key)) return false
      elements.at(-1)!.set(key, value.trim())
    }
    name = ''
    value = ''
    inValue = false
    return true
  }
  for (let index = 0; index < header.length; index++) {
    const char = header[index]!
    if (quoted) {
      if (char === '\\') value += header[++index] ?? ''
      else if (char === '"') quoted = false
      else value += char
    } else if (char === '"' && inValue && value.trim() === '') quoted = true
    else if (char === '=' && !inValue) inValue = true
    else if (char === ';') {
      if (!endPair()) return undefined
    } else if (char === ',') {
      if (!endPair()) return undefined
      elements.push(new Map())
    } else if (inValue) value += char
    else name += char
  }
  if (quoted || !endPair()) return undefined
  const named = elements.filter((element) => element.has('for'))
  if (named.length === 0) return []
  if (named.length !== elements.length) return undefined
  return named.map((element) => toAddress(element.get('for')!))
}
