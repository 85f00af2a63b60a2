import { z } from 'zod'
import { expirationSecondsSchema, targetPublicKeySchema } from '../../signin/signerSchemas.js'

/** The SDK's OAuth `state`, as it builds it (docs/protocol.md#oauth-state-and-nonce); unknown keys are dropped. */
export type OauthState = z.output<typeof oauthStateSchema>

const oauthStateSchema = z.object({
  authProviderId: z.string().min(1).max(64),
  isCustomProvider: z.boolean().optional(),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  turnkeyPublicKey: targetPublicKeySchema,
  expirationSeconds: expirationSecondsSchema,
  redirectUrl: z.string().max(2048).optional(),
  openerOrigin: z.string().max(512).optional(),
})

/**
 * Decodes `state`: unpadded base64url of the UTF-8 JSON the SDK made. Returns undefined for anything
 * else (missing, not base64url, not JSON, wrong fields), which the callback answers with an error page.
 *
 * @example
 * decodeOauthState(new URL(callbackUrl).searchParams.get('state'))
 * // { authProviderId: 'google', requestKey: '…', turnkeyPublicKey: '04…', redirectUrl: 'https://app.example/return' }
 */
export function decodeOauthState(state: string | null | undefined): OauthState | undefined {
  if (!state || state.length > 8192 || !/^[A-Za-z0-9_-]+$/.test(state)) return undefined
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(state, 'base64url')))
  } catch {
    return undefined
  }
  const parsed = oauthStateSchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}
