import type { App } from '../../apps/App.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import { createUserAccount, withSignupLock } from '../../users/createUserAccount.js'
import { findJwtUser, type JwtUser } from './findJwtUser.js'

export type FindOrCreateJwtUserParameters = { app: App; issuer: string; subject: string }
export type FindOrCreateJwtUserReturnType = JwtUser & { isSignup: boolean }

/**
 * The user a verified custom JWT names: the one that signed in before with this (app, issuer,
 * subject), or a new user with a sub-organization and a wallet (the path of every sign-up), whose
 * identity row is written in the same transaction. The identity's primary key decides between two
 * racing first sign-ins (here or on another instance): the loser finds the winner's user. No email
 * or other claim links the token to an existing user.
 *
 * @example
 * const { organizationId, userId, isSignup } = await findOrCreateJwtUser(ctx, { app, issuer, subject })
 */
export async function findOrCreateJwtUser(
  ctx: SigilContext,
  { app, issuer, subject }: FindOrCreateJwtUserParameters,
): Promise<FindOrCreateJwtUserReturnType> {
  const identity = { appId: app.id, issuer, subject }
  return withSignupLock(`${app.id}:jwt:${issuer}:${subject}`, async () => {
    const known = await findJwtUser(ctx, identity)
    if (known) return { ...known, isSignup: false }
    const ids = { organizationId: createId(), userId: createId() }
    try {
      const account = await createUserAccount(ctx, {
        app,
        ids,
        writeCredentials: async (trx) => {
          await trx
            .insertInto('jwt_identities')
            .values({ app_id: app.id, issuer, subject, user_id: ids.userId, created_at: ctx.now() })
            .execute()
        },
      })
      return { organizationId: account.organizationId, userId: account.userId, isSignup: true }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const winner = await findJwtUser(ctx, identity)
      if (!winner) throw error
      return { ...winner, isSignup: false }
    }
  })
}
