import type { SigilContext } from '../../SigilContext.js'

/**
 * Marks an OAuth request used, if it is neither used nor expired, in one conditional UPDATE: of two
 * callbacks racing with the same `requestKey`, exactly one gets `true`.
 *
 * @example
 * if (!(await consumeOauthRequest(ctx, requestKey))) throw oauthRequestExpired()
 */
export async function consumeOauthRequest(ctx: SigilContext, requestKey: string): Promise<boolean> {
  const now = ctx.now()
  const result = await ctx.batcher.run((trx) =>
    trx
      .updateTable('oauth_requests')
      .set({ used_at: now })
      .where('id', '=', requestKey)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  )
  return Number(result.numUpdatedRows) === 1
}
