import { createHash } from 'node:crypto'

/**
 * The activity fingerprint of a request body, `sha256:<hex of SHA-256 of its UTF-8 bytes>`: what
 * `computeActivityFingerprint` (`@sigil/protocol`) gives, with node:crypto's native SHA-256 (1.2 µs instead
 * of 4.0 µs for a signing request's body).
 *
 * @example
 * fingerprintBody('{}') // 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a'
 */
export function fingerprintBody(body: string): string {
  return `sha256:${createHash('sha256').update(body, 'utf8').digest('hex')}`
}
