/** A provider account linked to a user, as kept in `users.oauth_providers` (JSON). */
export type StoredOauthProvider = {
  providerId: string
  providerName: string
  issuer: string
  audience: string
  subject: string
  createdAt: number
  /** The provider's email claim when linked by `/v1/add-oauth-provider`, shown as `userDisplayName`. */
  userDisplayName?: string | undefined
}
