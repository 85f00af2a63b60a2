import { createHmac } from 'node:crypto'
import type { SigilContext } from '../../SigilContext.js'

/**
 * How an email code or magic-link token is kept at rest: hex HMAC-SHA256 under the server's code
 * key, over the otpId and the secret, so a hash cannot be moved to another code row.
 *
 * @example
 * const codeHash = hashEmailCode(ctx, { otpId, secret: '123456' })
 */
export function hashEmailCode(
  ctx: Pick<SigilContext, 'codeHashKey'>,
  { otpId, secret }: { otpId: string; secret: string },
): string {
  return createHmac('sha256', ctx.codeHashKey)
    .update(`sigil-email-code:v1\n${otpId}\n${secret}`)
    .digest('hex')
}
