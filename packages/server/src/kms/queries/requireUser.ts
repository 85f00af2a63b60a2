import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'

/**
 * Throws a 404 unless `userId` is a user of `organizationId`.
 *
 * @example
 * await requireUser(ctx, { organizationId, userId })
 */
export async function requireUser(
  ctx: SigilContext,
  { organizationId, userId }: { organizationId: string; userId: string },
): Promise<void> {
  const user = await ctx.store.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!user)
    throw new ApiError('NOT_FOUND', `user not found in organization: ${userId}`, { errorCode: 'NOT_FOUND' })
}
