import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../signin/signerSchemas.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import { unlinkOauthProviders } from './unlinkOauthProviders.js'
import { verifyOwnStampedActivity } from './verifyOwnStampedActivity.js'

const parametersSchema = z.object({ providerIds: z.array(z.string().min(1).max(128)).min(1).max(10) })

/**
 * `POST /signer/v1/remove-oauth-provider {stampedRequest, multiFactors?}`: unlinks provider accounts
 * from the signed-in user (docs/protocol.md#sign-in-methods). The stamped body is Account Kit's
 * `ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS` (`parameters: {userId, providerIds}`), stamped by the user's
 * own credential. Only the user's own links: an id that is not one of them is 404 and nothing is
 * removed. The last way to sign in is never removed (400 `LAST_SIGN_IN_METHOD`): the user would be
 * locked out of the wallet. Behind the MFA gate. Answers `{}`.
 */
export const removeOauthProviderRoute = defineSignerRoute({
  path: '/v1/remove-oauth-provider',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  async handle(ctx, request, body): Promise<Record<string, never>> {
    const { userId, parameters } = await verifyOwnStampedActivity(ctx, request.app, body.stampedRequest, {
      type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
    })
    const { providerIds } = parseWith(parametersSchema, parameters, 'stampedRequest.body.parameters')
    await requireMultiFactors(ctx, {
      userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      smsScope: 'session',
    })
    await unlinkOauthProviders(ctx, { userId, providerIds })
    ctx.logger.info('oauth provider unlinked', { appId: request.app.id, userId, count: providerIds.length })
    return {}
  },
})
