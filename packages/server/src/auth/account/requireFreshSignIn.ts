import type { Principal } from '../../kms/auth/Principal.js'
import type { SigilContext } from '../../SigilContext.js'
import { accountErrors } from './accountErrors.js'

/** How old a session may be for a step that cannot be undone (deleting the account). */
export const freshSignInMaxAgeMs = 5 * 60_000

/**
 * Refuses (403 `FRESH_SIGN_IN_REQUIRED`) a request stamped by a session key made more than 5 minutes
 * ago: someone who picked up a signed-in device must prove the sign-in again. A passkey stamp is a
 * fresh proof by itself (each one is a new assertion). Another API key (not a sign-in session) is
 * held to its creation time the same way.
 *
 * @example
 * await requireFreshSignIn(ctx, principal)
 */
export async function requireFreshSignIn(ctx: SigilContext, principal: Principal): Promise<void> {
  if (principal.credential.kind !== 'apiKey') return
  const row = await ctx.store.db
    .selectFrom('api_keys')
    .select('created_at')
    .where('id', '=', principal.credential.apiKeyId)
    .executeTakeFirst()
  if (!row || ctx.now() - Number(row.created_at) > freshSignInMaxAgeMs)
    throw accountErrors.freshSignInRequired(freshSignInMaxAgeMs / 1000)
}
