import type { Selectable } from 'kysely'
import type { AppTable } from '../store/schema.js'
import type { App } from './App.js'

/** Stored app row → {@link App}. */
export function toApp(row: Selectable<AppTable>): App {
  return {
    id: row.id,
    name: row.name,
    emailMode: row.email_mode === 'magic-link' ? 'magic-link' : 'otp',
    redirectUrl: row.redirect_url,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    jwtPublicKey: row.jwt_public_key,
    oauthProviderIds: row.oauth_provider_ids ? (JSON.parse(row.oauth_provider_ids) as string[]) : null,
  }
}
