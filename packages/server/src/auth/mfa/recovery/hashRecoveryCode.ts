import { createHmac } from 'node:crypto'
import type { SigilContext } from '../../../SigilContext.js'

/**
 * How a recovery code is kept at rest: hex HMAC-SHA256 under the server's code key over the user id
 * and the normalized code. The codes carry 50 random bits, so a slow hash would add nothing against
 * guessing but CPU per try; the key, which is not in the database, makes a stolen table useless on
 * its own (docs/security.md, "Recovery codes").
 *
 * @example
 * const codeHash = hashRecoveryCode(ctx, { userId, code: 'Q7MXA2KDPE' })
 */
export function hashRecoveryCode(
  ctx: Pick<SigilContext, 'codeHashKey'>,
  { userId, code }: { userId: string; code: string },
): string {
  return createHmac('sha256', ctx.codeHashKey)
    .update(`sigil-recovery-code:v1\n${userId}\n${code}`)
    .digest('hex')
}
