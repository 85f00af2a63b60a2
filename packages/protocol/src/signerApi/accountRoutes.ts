import type { MultiFactorProof } from './MultiFactor.js'
import type { StampedRequest } from './StampedRequest.js'

/**
 * What the server holds about a user (`/v1/export-account-data`): personal data and the names, dates
 * and public parts of their credentials and wallets. Never key material: seeds and private keys leave
 * only through the export frame.
 */
export type AccountData = {
  exportedAt: string
  organization: { organizationId: string; name: string; createdAt: string }
  user: {
    userId: string
    name: string
    email: string | null
    phoneNumber: string | null
    createdAt: string
  }
  emails: { email: string; provenAt: string; how: string }[]
  /** Proven phone numbers (E.164), as SMS sign-in finds the user. */
  phoneNumbers: { phoneNumber: string; provenAt: string; how: string }[]
  oauthProviders: { providerName: string; issuer: string; subject: string; createdAt: string | null }[]
  /** Identities of the app's own sign-in (custom JWT issuers) that sign in as this user. */
  jwtIdentities: { issuer: string; subject: string; createdAt: string }[]
  passkeys: { name: string; credentialId: string; createdAt: string }[]
  apiKeys: {
    name: string
    publicKey: string
    curveType: string
    createdAt: string
    expiresAt: string | null
  }[]
  multiFactors: { multiFactorType: string; verified: boolean; createdAt: string }[]
  /** The EVM address that acts as this user in a multi-owner organization. */
  ownerAddresses: { address: string; createdAt: string }[]
  wallets: {
    walletId: string
    name: string
    createdAt: string
    accounts: { address: string; path: string; curve: string; addressFormat: string }[]
  }[]
  activities: { activityId: string; type: string; status: string; createdAt: string }[]
  /** Key and seed exports the client reported (`/v1/track-key-export`). */
  keyExports: { activityId: string; address: string; type: string; trackedAt: string }[]
}

/**
 * Sigil's account routes (not in Account Kit): deleting the account and reading what the server holds.
 * Both are stamped like the MFA routes: a `sign_raw_payload` body whose payload is the marker
 * (`delete_account`, `export_account_data`).
 */
export type AccountRoutes = {
  /**
   * Erases the user's organization: wallet seeds, keys, passkeys, sessions, factors, emails, phone and
   * sign-in identities. Needs a fresh sign-in (a session at most 5 minutes old, or a passkey stamp) and,
   * for a user with two-factor, a current code in `multiFactors`.
   */
  '/v1/delete-account': {
    body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
    response: { deleted: true }
  }
  /** What the server holds about the user, as JSON. */
  '/v1/export-account-data': {
    body: { stampedRequest: StampedRequest }
    response: AccountData
  }
}
