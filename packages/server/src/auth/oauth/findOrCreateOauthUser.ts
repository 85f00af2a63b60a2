import type { App } from '../../apps/App.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import {
  createUserAccount,
  type StoredOauthProvider,
  withSignupLock,
} from '../../signer/createUserAccount.js'
import { findUserByEmail } from '../../signer/findUserByEmail.js'
import { emailSchema } from '../../signer/signerSchemas.js'
import { findUserByOauthSubject } from './findUserByOauthSubject.js'
import { linkOauthProvider } from './linkOauthProvider.js'

export type FindOrCreateOauthUserParameters = {
  app: App
  /** The configured provider's id (`google`, …). */
  providerName: string
  /** Verified ID token claims. */
  issuer: string
  subject: string
  audience: string
  email?: unknown
  emailVerified?: unknown
}

/**
 * The user behind a verified ID token: the one that signed in with this provider account before;
 * else, when the token carries a verified email, the app's user with that email (the provider is
 * linked to it); else a new user (with the email only when it is verified).
 *
 * @example
 * const { organizationId, userId, isSignup } = await findOrCreateOauthUser(ctx, { app, providerName: 'google', issuer, subject, audience, email, emailVerified })
 */
export async function findOrCreateOauthUser(
  ctx: SigilContext,
  parameters: FindOrCreateOauthUserParameters,
): Promise<{ organizationId: string; userId: string; isSignup: boolean }> {
  const { app, issuer, subject } = parameters
  // Apple sends `email_verified` as the string "true".
  const verified = parameters.emailVerified === true || parameters.emailVerified === 'true'
  const parsedEmail = emailSchema.safeParse(parameters.email)
  const email = verified && parsedEmail.success ? parsedEmail.data : undefined
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
    const signUp = async () => {
      const byEmail = email ? await findUserByEmail(ctx, app, email) : undefined
      if (byEmail) {
        await linkOauthProvider(ctx, byEmail.userId, stored)
        return { ...byEmail, isSignup: false }
      }
      const account = await createUserAccount(ctx, { app, email, oauthProviders: [stored] })
      return { organizationId: account.organizationId, userId: account.userId, isSignup: true }
    }
    return email ? withSignupLock(`${app.id}:${email}`, signUp) : signUp()
  })
}
