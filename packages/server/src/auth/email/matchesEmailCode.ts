import { timingSafeEqual } from 'node:crypto'
import type { SigilContext } from '../../SigilContext.js'
import { hashEmailCode } from './hashEmailCode.js'

/**
 * Whether `secret` is the one hashed into `codeHash` for `otpId` (constant-time comparison).
 *
 * @example
 * if (!matchesEmailCode(ctx, { otpId, secret, codeHash: row.code_hash })) …
 */
export function matchesEmailCode(
  ctx: Pick<SigilContext, 'codeHashKey'>,
  { otpId, secret, codeHash }: { otpId: string; secret: string; codeHash: string },
): boolean {
  const expected = Buffer.from(codeHash, 'hex')
  const actual = Buffer.from(hashEmailCode(ctx, { otpId, secret }), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
