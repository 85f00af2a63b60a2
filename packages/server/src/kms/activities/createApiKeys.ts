import { z } from 'zod'
import { apiKeyParamsSchema } from '../credentials/apiKeySchemas.js'
import { prepareApiKeys } from '../credentials/prepareApiKeys.js'
import { requireUser } from '../queries/requireUser.js'
import { credentialExpiresAt } from './credentialExpiresAt.js'
import { defineActivity } from './defineActivity.js'
import { stampingApiKey } from './stampingApiKey.js'

/**
 * `create_api_keys`: adds API keys (P-256, secp256k1 or ed25519 public keys) to a user. Stamped by
 * an expiring key (a session), the new keys expire no later than it: the stored intent and the key
 * rows carry the capped `expirationSeconds`.
 */
export const createApiKeysActivity = defineActivity({
  path: 'create_api_keys',
  changesApiKeys: true,
  schema: z.object({
    apiKeys: z.array(apiKeyParamsSchema).min(1, 'at least one API key is required').max(10),
    userId: z.string().min(1).max(128),
  }),
  async prepare(ctx, run, parameters) {
    await requireUser(ctx, { organizationId: run.organizationId, userId: parameters.userId })
    const { apiKeyIds, apiKeys, write } = prepareApiKeys({
      organizationId: run.organizationId,
      userId: parameters.userId,
      apiKeys: parameters.apiKeys,
      now: run.now,
      expiresAtMost: credentialExpiresAt(run.principal),
      stampedBy: stampingApiKey(run.principal),
    })
    return { result: { apiKeyIds }, parameters: { ...parameters, apiKeys }, write }
  },
})
