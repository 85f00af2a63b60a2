import { signerErrorCodes } from '@sigil/protocol'
import type { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import { prepareAuthenticators } from '../../kms/credentials/prepareAuthenticators.js'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { createUserAccount, withSignupLock } from '../../users/createUserAccount.js'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import type { passkeySignupSchema } from './passkeySignupSchema.js'

/**
 * Sign-up with a passkey: verifies the attestation against the app's origins and rp ids, then creates
 * the user's sub-organization, user (with the passkey) and wallet. The client is signed in from here
 * on with passkey stamps; no session key is minted. Limited per client IP and per app (429
 * `RATE_LIMITED`), as each sign-up creates an organization and wallets. An email given here is stored
 * unproven (shown, never matched by email sign-in, lookup or OAuth linking; docs/email-sign-in.md);
 * it is refused (409 `USER_EXISTS`) only when a user of the app has proven it.
 *
 * @example
 * const { orgId, userId, address } = await passkeySignup(ctx, request, body)
 */
export async function passkeySignup(
  ctx: SigilContext,
  request: SignerRequest,
  body: z.output<typeof passkeySignupSchema>,
): Promise<{ orgId: string; userId: string; address: `0x${string}`; solanaAddress: string }> {
  // Every attempt counts, before the attestation is verified: 10 per IP and 300 per app an hour.
  await ctx.rateLimits.passkeySignupsPerIp.consume(request.ip)
  await ctx.rateLimits.passkeySignupsPerApp.consume(request.app.id)
  const { email } = body
  const signUp = async () => {
    if (email && (await findUserByEmail(ctx, request.app, email)))
      throw new ApiError('ALREADY_EXISTS', 'a user with this email already exists; sign in instead', {
        errorCode: signerErrorCodes.USER_EXISTS,
      })
    const ids = { organizationId: createId(), userId: createId() }
    // A passkey registered before (the attested credential id or key, in any organization): its write
    // throws 409 PASSKEY_EXISTS from the unique index, and the whole sign-up rolls back.
    const passkey = await prepareAuthenticators(ctx, {
      ...ids,
      now: ctx.now(),
      app: request.app,
      authenticators: [{ authenticatorName: `passkey-${ctx.now()}`, ...body.passkey }],
    })
    const account = await createUserAccount(ctx, {
      app: request.app,
      email,
      ids,
      writeCredentials: passkey.write,
    })
    return {
      orgId: account.organizationId,
      userId: account.userId,
      address: account.address,
      solanaAddress: account.solanaAddress,
    }
  }
  return email ? withSignupLock(`${request.app.id}:${email}`, signUp) : signUp()
}
