import type { MultiFactorProof } from './MultiFactor.js'
import type { StampedRequest } from './StampedRequest.js'

/** An OAuth provider account linked to a user, as `/v1/list-auth-methods` and `/v1/add-oauth-provider` answer it. */
export type OauthProviderInfo = {
  /** Sigil's id of the link; `/v1/remove-oauth-provider` takes it. */
  providerId: string
  /** The ID token's `iss`. */
  issuer: string
  /** The configured provider's id (`google`, …). */
  providerName?: string | undefined
  /** The email the provider gave when the account was linked, if any. */
  userDisplayName?: string | undefined
}

/** A passkey of the user, as `/v1/list-auth-methods` answers it. */
export type PasskeyInfo = {
  authenticatorId: string
  name: string
  /** Epoch milliseconds. */
  createdAt: number
}

/**
 * The sign-in methods of a user. Answered in full to a stamped request; to Account Kit's unstamped
 * `{ suborgId }` the email, phone and display names come masked (`a***@example.com`), since that
 * request proves no session (docs/protocol.md#sign-in-methods).
 */
export type AuthMethods = {
  email?: string | undefined
  phone?: string | undefined
  oauthProviders: OauthProviderInfo[]
  passkeys: PasskeyInfo[]
}

/**
 * The sign-in method routes of `/signer` (docs/protocol.md#sign-in-methods), part of
 * `SignerRoutes`. The stamped bodies are Turnkey activities Account Kit 4.88 builds:
 * `ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS` (`parameters: {userId, oauthProviders: [{providerName, oidcToken}]}`),
 * `ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS` (`parameters: {userId, providerIds}`), and for the full list a
 * `sign_raw_payload` with the marker `list_auth_methods`.
 */
export type AuthMethodRoutes = {
  '/v1/list-auth-methods': {
    /** Account Kit sends `{ suborgId }` alone; Sigil's SDK sends a stamp and gets the unmasked list. */
    body: { suborgId: string } | { stampedRequest: StampedRequest }
    response: AuthMethods
  }
  '/v1/add-oauth-provider': {
    /** `multiFactors`: Sigil's addition, the MFA gate of a user with a second factor. */
    body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
    response: { oauthProviders: OauthProviderInfo[] }
  }
  '/v1/remove-oauth-provider': {
    body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
    response: Record<string, never>
  }
  '/v1/track-key-export': {
    body: { orgId: string; accountAddress: string; type: 'ETH' | 'SOL' }
    response: Record<string, never>
  }
}

/** The paths of {@link AuthMethodRoutes}, a record so the compiler checks each is listed once. */
export const authMethodRoutePathSet: { [path in keyof AuthMethodRoutes]: true } = {
  '/v1/list-auth-methods': true,
  '/v1/add-oauth-provider': true,
  '/v1/remove-oauth-provider': true,
  '/v1/track-key-export': true,
}
