import { createHmac } from 'node:crypto'
import type { SigilContext } from '../../SigilContext.js'

/**
 * The HS256 key of verification tokens, derived from the server's code key so that it never signs
 * anything else.
 *
 * @example
 * const key = verificationTokenKey(ctx)
 */
export function verificationTokenKey(ctx: Pick<SigilContext, 'codeHashKey'>): Uint8Array {
  return new Uint8Array(createHmac('sha256', ctx.codeHashKey).update('sigil-verification-token:v1').digest())
}
