import type { OauthProviderInfo } from '@sigil/protocol'
import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { createId } from '../../ids/createId.js'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../signin/signerSchemas.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import { linkOauthProvider } from '../oauth/linkOauthProvider.js'
import { authMethodErrors } from './authMethodErrors.js'
import { consumeOauthLinkGrant } from './consumeOauthLinkGrant.js'
import { verifyOwnStampedActivity } from './verifyOwnStampedActivity.js'

const parametersSchema = z.object({
  oauthProviders: z
    .array(z.object({ providerName: z.string().min(1).max(64), oidcToken: z.string().min(1).max(16_384) }))
    .min(1)
    .max(5),
})

/**
 * `POST /signer/v1/add-oauth-provider {stampedRequest, multiFactors?}`: links provider accounts to the
 * signed-in user (docs/protocol.md#sign-in-methods). The stamped body is Account Kit's
 * `ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS` (`parameters: {userId, oauthProviders: [{providerName, oidcToken}]}`),
 * stamped by the user's own credential. Each `oidcToken` must be one the OAuth callback fetched for
 * this app with `fetchIdTokenOnly` (its signature, issuer, audience, expiry and nonce verified there),
 * and is used once: a token of another app's sign-in, or one obtained from the provider directly,
 * is refused (401 `OAUTH_LINK_TOKEN_INVALID`). A provider account another user of the app signs in
 * with is refused (409 `OAUTH_IDENTITY_TAKEN`). Behind the MFA gate, as every change of how a user
 * signs in. Answers the linked providers.
 */
export const addOauthProviderRoute = defineSignerRoute({
  path: '/v1/add-oauth-provider',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  async handle(ctx, request, body): Promise<{ oauthProviders: OauthProviderInfo[] }> {
    const { userId, parameters } = await verifyOwnStampedActivity(ctx, request.app, body.stampedRequest, {
      type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
    })
    if (parameters.userId === undefined) throw authMethodErrors.otherUser()
    const { oauthProviders } = parseWith(parametersSchema, parameters, 'stampedRequest.body.parameters')
    await requireMultiFactors(ctx, {
      userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      smsScope: 'session',
    })
    const linked: OauthProviderInfo[] = []
    for (const { providerName, oidcToken } of oauthProviders) {
      const grant = await consumeOauthLinkGrant(ctx, {
        appId: request.app.id,
        idToken: oidcToken,
        providerName,
      })
      const stored = await linkOauthProvider(ctx, {
        appId: request.app.id,
        userId,
        provider: {
          providerId: createId(),
          providerName: grant.providerName,
          issuer: grant.issuer,
          audience: grant.audience,
          subject: grant.subject,
          createdAt: ctx.now(),
          ...(grant.displayName ? { userDisplayName: grant.displayName } : {}),
        },
      })
      linked.push({
        providerId: stored.providerId,
        issuer: stored.issuer,
        providerName: stored.providerName,
        ...(stored.userDisplayName ? { userDisplayName: stored.userDisplayName } : {}),
      })
    }
    ctx.logger.info('oauth provider linked', { appId: request.app.id, userId, count: linked.length })
    return { oauthProviders: linked }
  },
})
