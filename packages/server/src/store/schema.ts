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
}

export type OrganizationTable = {
  id: string
  name: string
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
  /** Lowercase hex; compressed SEC1 for P-256 and secp256k1, 32 bytes for ed25519. */
  public_key: string
  curve_type: string
  credential_type: string
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
  /** base64url, no padding. */
  credential_id: string
  /** COSE public key, base64url. */
  cose_public_key: string
  /** Compressed SEC1 hex of the credential key when it is P-256 (shown as `credential.publicKey`). */
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
  /** Vault envelope (JSON) of the UTF-8 mnemonic. */
  sealed_mnemonic: string
  exported: number
  imported: number
  created_at: number | bigint | string
  updated_at: number | bigint | string
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
