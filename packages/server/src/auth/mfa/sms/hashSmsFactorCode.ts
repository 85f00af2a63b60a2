import { createHmac } from 'node:crypto'
import type { SigilContext } from '../../../SigilContext.js'

/**
 * How a code texted for an `sms` second factor is kept at rest: hex HMAC-SHA256 under the server's
 * code key, over the code row's id and the code, in its own domain (not the sign-in codes' one), so a
 * hash cannot be moved to another row or be taken for a sign-in code's.
 *
 * @example
 * const codeHash = hashSmsFactorCode(ctx, { codeId, code: '123456' })
 */
export function hashSmsFactorCode(
  ctx: Pick<SigilContext, 'codeHashKey'>,
  { codeId, code }: { codeId: string; code: string },
): string {
  return createHmac('sha256', ctx.codeHashKey)
    .update(`sigil-mfa-sms-code:v1\n${codeId}\n${code}`)
    .digest('hex')
}
