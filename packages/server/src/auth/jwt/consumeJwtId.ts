import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import { jwtErrors } from './jwtErrors.js'

export type ConsumeJwtIdParameters = {
  issuer: string
  /** The token's `jti` (or the hash that stands for it). */
  tokenId: string
  /** The token's expiry, Unix ms: the row is kept until then. */
  expiresAt: number
}

/**
 * Uses a verified custom JWT up: an INSERT of (issuer, jti) into `jwt_replays`, whose primary key
 * refuses a second use, even a concurrent one on another instance (401 `JWT_REPLAYED`). Rows of
 * tokens that have expired (and so can no longer be replayed) are deleted on the way.
 *
 * @example
 * await consumeJwtId(ctx, { issuer: 'https://auth.example.com', tokenId: payload.jti, expiresAt: payload.exp * 1000 })
 */
export async function consumeJwtId(ctx: SigilContext, parameters: ConsumeJwtIdParameters): Promise<void> {
  const now = ctx.now()
  await ctx.batcher.run((trx) => trx.deleteFrom('jwt_replays').where('expires_at', '<', now).execute())
  try {
    await ctx.batcher.run((trx) =>
      trx
        .insertInto('jwt_replays')
        .values({ issuer: parameters.issuer, jti: parameters.tokenId, expires_at: parameters.expiresAt })
        .execute(),
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw jwtErrors.replayed(error)
    throw error
  }
}
