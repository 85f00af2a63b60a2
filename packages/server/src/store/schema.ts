import type { Generated } from 'kysely'
import type { JwtDatabase } from './jwtSchema.js'
import type { SponsorDatabase } from './sponsorSchema.js'

/**
 * Tables of the Sigil store. Dialect-neutral: ids and JSON are text, times are integer
 * milliseconds since the epoch (bigint; read back through `Number()`), booleans are 0/1 integers.
 */
export type Database = {
  organizations: OrganizationTable
  users: UserTable
  api_keys: ApiKeyTable
  authenticators: AuthenticatorTable
  wallets: WalletTable
  wallet_accounts: WalletAccountTable
  activities: ActivityTable
  server_keys: ServerKeyTable
  import_keys: ImportKeyTable
} & SignerDatabase &
  SponsorDatabase

export type OrganizationTable = {
  id: string
  name: string
  /** The app whose sign-in created this sub-organization (null for the root and API-made ones). */
  app_id: string | null
  /** null for the root organization. */
  parent_id: string | null
  root_quorum_threshold: number
  /** JSON array of user ids. */
  root_user_ids: string
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type UserTable = {
  id: string
  organization_id: string
  name: string
  email: string | null
  phone_number: string | null
  /** JSON array of `{providerId, providerName, issuer, audience, subject, createdAt}`. */
  oauth_providers: string
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type ApiKeyTable = {
  id: string
  organization_id: string
  user_id: string
  name: string
  /**
   * Lowercase hex; compressed SEC1 for P-256 and secp256k1, 32 bytes for ed25519. With `curve_type`:
   * one row per organization, and one row server-wide with `delegated = 0` (migration 0020).
   */
  public_key: string
  curve_type: string
  credential_type: string
  /**
   * 1 when the key was registered in this organization by a request stamped with the key itself
   * (Turnkey's delegated access) while it may live elsewhere; 0 for its one home row.
   */
  delegated: Generated<number>
  /** The `expirationSeconds` it was created with, or null for a long-lived key. */
  expiration_seconds: string | null
  /** Epoch ms after which the key is refused, or null. */
  expires_at: number | bigint | string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type AuthenticatorTable = {
  id: string
  organization_id: string
  user_id: string
  name: string
  /** base64url, no padding; the attested id. Unique server-wide (migration 0007). */
  credential_id: string
  /** COSE public key, base64url. */
  cose_public_key: string
  /**
   * Compressed SEC1 hex of the credential key when it is P-256 (shown as `credential.publicKey`).
   * Unique server-wide (migration 0007).
   */
  public_key: string
  counter: number
  /** JSON array of AUTHENTICATOR_TRANSPORT_*. */
  transports: string
  aaguid: string
  attestation_type: string
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type WalletTable = {
  id: string
  organization_id: string
  name: string
  mnemonic_length: number
  /**
   * Vault envelope (JSON) of the wallet's secret: the UTF-8 mnemonic (an imported one may carry
   * `"\n--PASS--\n" + passphrase`), or for a `private_key` wallet the raw 32-byte key.
   */
  sealed_mnemonic: string
  exported: number
  imported: number
  /** `mnemonic` (a BIP-39 wallet) or `private_key` (an imported key; migration 0021). */
  secret_kind: Generated<'mnemonic' | 'private_key'>
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

/** The P-256 target key of a started import (migration 0021; docs/protocol.md#importing-wallets-and-keys). */
export type ImportKeyTable = {
  id: string
  organization_id: string
  /** The user the import is for: the one who started it. */
  user_id: string
  /** `wallet` (`init_import_wallet`) or `private_key` (`init_import_private_key`). */
  kind: 'wallet' | 'private_key'
  /** Uncompressed hex (`04…`), the `targetPublic` of the import bundle. */
  public_key: string
  /** Vault envelope (JSON) of the 32-byte private key; null once a bundle was opened with it. */
  sealed_private_key: string | null
  /** Hex `encappedPublic` of the bundle it opened; null while unused. */
  encapped_public: string | null
  created_at: number | bigint | string
  expires_at: number | bigint | string
}

export type WalletAccountTable = {
  id: string
  organization_id: string
  wallet_id: string
  curve: string
  path_format: string
  path: string
  address_format: string
  address: string
  public_key: string
  name: string | null
  /** Vault envelope (JSON) of the 32-byte private key; lets signing skip HD derivation. */
  sealed_private_key: string
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type ActivityTable = {
  id: string
  organization_id: string
  type: string
  status: string
  /** JSON of `activity.intent`. */
  intent: string
  /** JSON of `activity.result`, `{}` until completed. */
  result: string
  /** JSON of `{code, message, details}` when FAILED, else null. */
  failure: string | null
  /** `sha256:<hex>` of the exact stamped body. Unique per organization. */
  fingerprint: string
  /** Who submitted it: the user id behind the stamp. */
  user_id: string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type ServerKeyTable = {
  /** e.g. `export-signer`. */
  name: string
  /** Vault envelope (JSON) of the private key. */
  sealed_private_key: string
  /** Public key hex (uncompressed for P-256). */
  public_key: string
  created_at: number | bigint | string
}

/** Tables of the sign-in service (`/signer/v1`), added by migration 0002. */
export type SignerDatabase = {
  apps: AppTable
  app_api_keys: AppApiKeyTable
  email_codes: EmailCodeTable
  mfa_factors: MfaFactorTable
  mfa_sms_codes: MfaSmsCodeTable
  recovery_codes: RecoveryCodeTable
  single_use_tokens: SingleUseTokenTable
  sign_in_attempts: SignInAttemptTable
  oauth_requests: OauthRequestTable
  dev_mail: DevMailTable
  email_identities: EmailIdentityTable
  email_identity_conflicts: EmailIdentityConflictTable
  multi_owner_members: MultiOwnerMemberTable
  activity_votes: ActivityVoteTable
  oauth_identities: OauthIdentityTable
  oauth_link_grants: OauthLinkGrantTable
  key_exports: KeyExportTable
  phone_identities: PhoneIdentityTable
  dev_sms: DevSmsTable
} & JwtDatabase

/** A proven phone number (migration 0016): at most one user per (app, phone). */
export type PhoneIdentityTable = {
  /** The app of the user's organization; null for operator-made sub-organizations (no uniqueness). */
  app_id: string | null
  /** E.164, e.g. `+14155550123`. */
  phone: string
  user_id: string
  proven_at: number | bigint | string
  /** `code` (an SMS sign-in code) or `verification-token` (`/v1/update-phone-auth`). */
  how: string
}

/** The dev SMS outbox (migration 0016), dev mode only. */
export type DevSmsTable = {
  id: string
  /** E.164. */
  to_number: string
  body: string
  created_at: number | bigint | string
}

/** A proven email (migration 0008): at most one user per (app, email); see docs/email-sign-in.md. */
export type EmailIdentityTable = {
  /** The app of the user's organization; null for operator-made sub-organizations (no uniqueness). */
  app_id: string | null
  /** Lower-cased. */
  email: string
  user_id: string
  proven_at: number | bigint | string
  /** `code`, `link`, `oauth:<provider id>` or `operator`. */
  how: string
}

/** A proven email migration 0008 found on a second user of the same app (the oldest kept it). */
export type EmailIdentityConflictTable = {
  app_id: string
  email: string
  user_id: string
  kept_user_id: string
  how: string
  detected_at: number | bigint | string
}

export type AppTable = {
  id: string
  name: string
  /** `otp` or `magic-link`: how email sign-in works for this app. */
  email_mode: string
  /** Where magic links and OAuth redirects land (an allowed origin's URL), or null. */
  redirect_url: string | null
  /** JSON array of origins (`https://app.example`) allowed for CORS, WebAuthn and redirects. */
  allowed_origins: string
  /** PEM (SPKI) or JWK JSON of a key that signs bearer JWTs for this app, or null. */
  jwt_public_key: string | null
  /** JSON array of the OAuth provider ids this app offers; null offers every configured provider. */
  oauth_provider_ids: string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

export type AppApiKeyTable = {
  id: string
  app_id: string
  /** Hex SHA-256 of the bearer key; the key itself is never stored. */
  key_hash: string
  /** First characters of the key, to recognise it in listings. */
  key_prefix: string
  created_at: number | bigint | string
  revoked_at: number | bigint | string | null
}

export type EmailCodeTable = {
  /** The `otpId` given to the client (also the magic-link token id). */
  id: string
  app_id: string
  /** The contact the code went to: a lower-cased email, or an E.164 phone number (`channel` `sms`). */
  email: string
  /** Empty for a `verify` code (no account yet). */
  organization_id: string
  /** Empty for a `verify` code (no account yet). */
  user_id: string
  /** `otp`, `magic-link`, or `verify` (`/v1/init-otp`: proves a contact, signs in nobody). */
  kind: string
  /** Hex HMAC-SHA256 of the code (or of the link token) under the server's code key. */
  code_hash: string
  attempts: number
  expires_at: number | bigint | string
  /** Set when the code was used or killed (too many attempts, superseded). */
  used_at: number | bigint | string | null
  target_public_key: string
  expiration_seconds: number
  /** Query string the client asked to append to the magic-link redirect. */
  redirect_params: string | null
  created_at: number | bigint | string
  /** 1 when the sign-up that sent this code created the account (migration 0003; default 0). */
  signup: Generated<number>
  /** `email` or `sms` (migration 0016; default `email`). */
  channel: Generated<string>
}

export type MfaFactorTable = {
  id: string
  user_id: string
  /** `totp` or `sms` (migration 0022). */
  type: string
  /** Vault envelope of the TOTP secret (base32 text); empty for `sms`. */
  sealed_secret: string
  verified: number
  /** The last TOTP time step accepted, so a code is accepted once per step. */
  last_used_step: number | bigint | string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
  /**
   * Unverified factor enrolled with the code of this verified one: verifying it replaces that one
   * (migration 0009; null otherwise).
   */
  replaces_factor_id: Generated<string | null>
  /** When the factor was verified (migration 0009; null while pending). */
  verified_at: Generated<number | bigint | string | null>
  /** E.164 number an `sms` factor texts its codes to (migration 0022; null for `totp`). */
  phone: Generated<string | null>
}

/** A code texted for an `sms` factor (migration 0022); see docs/protocol.md, "Text-message codes". */
export type MfaSmsCodeTable = {
  id: string
  factor_id: string
  user_id: string
  /** `enroll`, `login:<MFA token id>` or `session`: where the code is accepted, and nowhere else. */
  scope: string
  /** Hex HMAC-SHA256 under the server's code key (`hashSmsFactorCode`). */
  code_hash: string
  attempts: Generated<number>
  expires_at: number | bigint | string
  /** Set when the code was used, superseded or killed (3 wrong tries). */
  used_at: number | bigint | string | null
  created_at: number | bigint | string
}

/** A single-use recovery code (migration 0014); see docs/security.md, "Recovery codes". */
export type RecoveryCodeTable = {
  id: string
  user_id: string
  /** Hex HMAC-SHA256 under the server's code key of the normalized code (`hashRecoveryCode`). */
  code_hash: string
  created_at: number | bigint | string
  /** When the code was used; null while it is still good. */
  used_at: number | bigint | string | null
}

export type SignInAttemptTable = {
  /** What is attempted: the pending login's MFA token id (jti). */
  id: string
  /** `mfa-token`. */
  kind: string
  user_id: string
  /** Codes tried so far. */
  attempts: number
  /** When the row may be pruned (the token's expiry). */
  expires_at: number | bigint | string
}

/** A provider account linked to a user (migration 0018); unique per (app_id, issuer, subject). */
export type OauthIdentityTable = {
  user_id: string
  /** The `providerId` of the entry in `users.oauth_providers`. */
  provider_id: string
  app_id: string
  issuer: string
  subject: string
  created_at: number | bigint | string
}

/** An ID token fetched for `/v1/add-oauth-provider` (migration 0018), used once. */
export type OauthLinkGrantTable = {
  /** Hex SHA-256 of the ID token. */
  token_hash: string
  app_id: string
  /** The configured provider's id. */
  provider_name: string
  issuer: string
  audience: string
  subject: string
  /** The token's email claim, shown as `userDisplayName`. */
  display_name: string | null
  expires_at: number | bigint | string
}

/** An export reported by `/v1/track-key-export` (migration 0018), tied to its export activity. */
export type KeyExportTable = {
  activity_id: string
  address: string
  organization_id: string
  user_id: string | null
  /** `ETH` or `SOL`. */
  type: string
  tracked_at: number | bigint | string
}

export type SingleUseTokenTable = {
  /** Token id (jti). */
  id: string
  /** e.g. `mfa`. */
  kind: string
  expires_at: number | bigint | string
  used_at: number | bigint | string
}

export type OauthRequestTable = {
  /** The `requestKey` given to the client. */
  id: string
  app_id: string
  /** Vault envelope of the PKCE code verifier. */
  sealed_code_verifier: string
  /** The nonce the client sent to prepare-oauth. */
  nonce: string
  expires_at: number | bigint | string
  used_at: number | bigint | string | null
  created_at: number | bigint | string
}

export type DevMailTable = {
  id: string
  to_address: string
  subject: string
  text: string
  html: string
  created_at: number | bigint | string
}

/** An owner of a multi-owner organization (migration 0017; docs/multi-owner.md). */
export type MultiOwnerMemberTable = {
  user_id: string
  organization_id: string
  /** Lower-case `0x` address; unique within the organization. */
  evm_signer_address: string
  created_at: number | bigint | string
}

/** A root-quorum user's vote on a pending activity (migration 0017): one per (activity, user). */
export type ActivityVoteTable = {
  activity_id: string
  user_id: string
  /** `VOTE_SELECTION_APPROVED` or `VOTE_SELECTION_REJECTED`. */
  selection: string
  /** The compressed secp256k1 key of the stamp that cast it. */
  public_key: string
  /** The stamp's DER signature (hex) over `message`. */
  signature: string
  /** The exact body the stamp signed. */
  message: string
  created_at: number | bigint | string
}
