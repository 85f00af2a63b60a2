import { signerErrorCodes } from '@sigil/protocol'
import type { App } from '../../apps/App.js'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { emailSchema } from '../../signin/signerSchemas.js'
import { createUserAccount, type StoredOauthProvider, withSignupLock } from '../../users/createUserAccount.js'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { findUserByOauthSubject } from './findUserByOauthSubject.js'
import { linkOauthProvider } from './linkOauthProvider.js'

export type FindOrCreateOauthUserParameters = {
  app: App
  /** The configured provider's id (`google`, …). */
  providerName: string
  /** The provider's `email_verified` proves the email (`trustEmailVerified` of its config). */
  trustEmailVerified: boolean
  /** The provider sends `email_verified` as the string `"true"` (Apple). */
  emailVerifiedAsString?: boolean | undefined
  /** Verified ID token claims. */
  issuer: string
  subject: string
  audience: string
  email?: unknown
  emailVerified?: unknown
}

export type FindOrCreateOauthUserReturnType = { organizationId: string; userId: string; isSignup: boolean }

/**
 * The user behind a verified ID token: the one that signed in with this provider account before;
 * else, when a trusted provider (`trustEmailVerified`) says the email is verified, the app's user
 * that proved that email (the provider account is linked to it), or a new user holding the email as
 * a proven identity; else a new user whose email (only when the provider calls it verified) is
 * stored unproven — no sign-in finds anyone by it. See docs/oauth.md.
 *
 * @example
 * const { organizationId, userId, isSignup } = await findOrCreateOauthUser(ctx, { app, providerName: 'google', trustEmailVerified: true, issuer, subject, audience, email, emailVerified })
 */
export async function findOrCreateOauthUser(
  ctx: SigilContext,
  parameters: FindOrCreateOauthUserParameters,
): Promise<FindOrCreateOauthUserReturnType> {
  const { app, issuer, subject } = parameters
  const claimed =
    parameters.emailVerified === true ||
    (parameters.emailVerifiedAsString === true && parameters.emailVerified === 'true')
  const parsedEmail = emailSchema.safeParse(parameters.email)
  const email = claimed && parsedEmail.success ? parsedEmail.data : undefined
  const proven = email !== undefined && parameters.trustEmailVerified
  const stored: StoredOauthProvider = {
    providerId: createId(),
    providerName: parameters.providerName,
    issuer,
    audience: parameters.audience,
    subject,
    createdAt: ctx.now(),
  }
  return withSignupLock(`${app.id}:oauth:${issuer}:${subject}`, async () => {
    const known = await findUserByOauthSubject(ctx, app, { issuer, subject })
    if (known) return { ...known, isSignup: false }
    if (!proven) {
      const account = await createUserAccount(ctx, { app, email, oauthProviders: [stored] })
      return { organizationId: account.organizationId, userId: account.userId, isSignup: true }
    }
    // Proven: link to the holder of the email, or create a user holding it. The database's unique
    // identity decides between racing sign-ups (other instances too): the loser links instead.
    for (let attempt = 0; ; attempt++) {
      const holder = await findUserByEmail(ctx, app, email)
      if (holder) {
        await linkOauthProvider(ctx, { appId: app.id, userId: holder.userId, provider: stored })
        return { ...holder, isSignup: false }
      }
      try {
        const account = await createUserAccount(ctx, {
          app,
          email,
          emailProvenBy: `oauth:${parameters.providerName}`,
          oauthProviders: [stored],
        })
        return { organizationId: account.organizationId, userId: account.userId, isSignup: true }
      } catch (error) {
        if (
          !(error instanceof ApiError) ||
          error.errorCode !== signerErrorCodes.EMAIL_ALREADY_PROVEN ||
          attempt > 0
        )
          throw error
      }
    }
  })
}
