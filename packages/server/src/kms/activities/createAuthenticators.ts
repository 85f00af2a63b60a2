import { z } from 'zod'
import { authenticatorParamsSchema } from '../credentials/authenticatorSchemas.js'
import { prepareAuthenticators } from '../credentials/prepareAuthenticators.js'
import { requireUser } from '../queries/requireUser.js'
import { defineActivity } from './defineActivity.js'

/** `create_authenticators` (V2): registers passkeys for a user after verifying their attestation. */
export const createAuthenticatorsActivity = defineActivity({
  path: 'create_authenticators',
  schema: z.object({
    authenticators: z
      .array(authenticatorParamsSchema)
      .min(1, 'at least one authenticator is required')
      .max(10),
    userId: z.string().min(1).max(128),
  }),
  async prepare(ctx, run, parameters) {
    await requireUser(ctx, { organizationId: run.organizationId, userId: parameters.userId })
    const { authenticatorIds, write } = await prepareAuthenticators(ctx, {
      organizationId: run.organizationId,
      userId: parameters.userId,
      authenticators: parameters.authenticators,
      now: run.now,
    })
    return { result: { authenticatorIds }, write }
  },
})
