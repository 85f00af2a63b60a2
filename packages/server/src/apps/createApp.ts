import { randomBytes } from 'node:crypto'
import { base64urlEncode } from '@sigil/protocol'
import type { Kysely } from 'kysely'
import { ApiError } from '../http/errors/ApiError.js'
import { createId } from '../ids/createId.js'
import type { Database } from '../store/schema.js'
import { hashAppApiKey } from './hashAppApiKey.js'
import { normalizeOrigin } from './normalizeOrigin.js'

export type CreateAppParameters = {
  name: string
  origins: string[]
  emailMode?: 'otp' | 'magic-link'
  redirectUrl?: string
  jwtPublicKey?: string
  /** OAuth provider ids the app offers; all configured ones when absent. */
  oauthProviderIds?: string[]
  now: number
}

/**
 * Creates an app with one bearer API key. The key is returned once and stored only as a hash.
 *
 * @example
 * const { appId, apiKey } = await createApp(db, { name: 'demo', origins: ['http://localhost:5173'], now: Date.now() })
 */
export async function createApp(
  db: Kysely<Database>,
  parameters: CreateAppParameters,
): Promise<{ appId: string; apiKey: string }> {
  if (!parameters.name.trim())
    throw new ApiError('INVALID_ARGUMENT', 'an app needs a name', { errorCode: 'INVALID_REQUEST' })
  if (parameters.origins.length === 0)
    throw new ApiError('INVALID_ARGUMENT', 'an app needs at least one allowed origin', {
      errorCode: 'INVALID_REQUEST',
    })
  const origins = [...new Set(parameters.origins.map(normalizeOrigin))]
  if (parameters.redirectUrl && !origins.includes(normalizeOrigin(parameters.redirectUrl)))
    throw new ApiError('INVALID_ARGUMENT', 'the redirect URL must be on one of the allowed origins', {
      errorCode: 'INVALID_REQUEST',
    })
  const appId = createId()
  const apiKey = `sigil_${base64urlEncode(randomBytes(32))}`
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('apps')
      .values({
        id: appId,
        name: parameters.name.trim(),
        email_mode: parameters.emailMode ?? 'otp',
        redirect_url: parameters.redirectUrl ?? null,
        allowed_origins: JSON.stringify(origins),
        jwt_public_key: parameters.jwtPublicKey ?? null,
        oauth_provider_ids: parameters.oauthProviderIds ? JSON.stringify(parameters.oauthProviderIds) : null,
        created_at: parameters.now,
        updated_at: parameters.now,
      })
      .execute()
    await trx
      .insertInto('app_api_keys')
      .values({
        id: createId(),
        app_id: appId,
        key_hash: hashAppApiKey(apiKey),
        key_prefix: apiKey.slice(0, 12),
        created_at: parameters.now,
        revoked_at: null,
      })
      .execute()
  })
  return { appId, apiKey }
}
