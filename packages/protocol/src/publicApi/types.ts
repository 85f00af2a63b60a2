/**
 * Wire types of the Turnkey-compatible key-management API (`/public/v1`).
 * Field names follow Turnkey's API exactly (docs/protocol.md#public-api); int64 values travel as strings (proto3 JSON).
 */

export type Timestamp = { seconds: string; nanos: string }

export type Curve = 'CURVE_SECP256K1' | 'CURVE_ED25519' | 'CURVE_P256'
export type PathFormat = 'PATH_FORMAT_BIP32'
export type AddressFormat =
  | 'ADDRESS_FORMAT_ETHEREUM'
  | 'ADDRESS_FORMAT_SOLANA'
  | 'ADDRESS_FORMAT_COMPRESSED'
  | 'ADDRESS_FORMAT_UNCOMPRESSED'
export type ApiKeyCurve = 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519'
export type CredentialType =
  | 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'
  | 'CREDENTIAL_TYPE_API_KEY_P256'
  | 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256'
  | 'CREDENTIAL_TYPE_API_KEY_SECP256K1'
  | 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_API_KEY_ED25519'
  | 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256'
  | 'CREDENTIAL_TYPE_OAUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_LOGIN'
export type AuthenticatorTransport =
  | 'AUTHENTICATOR_TRANSPORT_BLE'
  | 'AUTHENTICATOR_TRANSPORT_INTERNAL'
  | 'AUTHENTICATOR_TRANSPORT_NFC'
  | 'AUTHENTICATOR_TRANSPORT_USB'
  | 'AUTHENTICATOR_TRANSPORT_HYBRID'
export type PayloadEncoding =
  | 'PAYLOAD_ENCODING_HEXADECIMAL'
  | 'PAYLOAD_ENCODING_TEXT_UTF8'
  | 'PAYLOAD_ENCODING_EIP712'
  | 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'
export type HashFunction =
  | 'HASH_FUNCTION_NO_OP'
  | 'HASH_FUNCTION_SHA256'
  | 'HASH_FUNCTION_KECCAK256'
  | 'HASH_FUNCTION_NOT_APPLICABLE'
export type MnemonicLanguage =
  | 'MNEMONIC_LANGUAGE_ENGLISH'
  | 'MNEMONIC_LANGUAGE_SIMPLIFIED_CHINESE'
  | 'MNEMONIC_LANGUAGE_TRADITIONAL_CHINESE'
  | 'MNEMONIC_LANGUAGE_CZECH'
  | 'MNEMONIC_LANGUAGE_FRENCH'
  | 'MNEMONIC_LANGUAGE_ITALIAN'
  | 'MNEMONIC_LANGUAGE_JAPANESE'
  | 'MNEMONIC_LANGUAGE_KOREAN'
  | 'MNEMONIC_LANGUAGE_SPANISH'
export type ActivityStatus =
  | 'ACTIVITY_STATUS_CREATED'
  | 'ACTIVITY_STATUS_PENDING'
  | 'ACTIVITY_STATUS_COMPLETED'
  | 'ACTIVITY_STATUS_FAILED'
  | 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
  | 'ACTIVITY_STATUS_REJECTED'
  | 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED'

export type Credential = { publicKey: string; type: CredentialType }

export type V1ApiKey = {
  credential: Credential
  apiKeyId: string
  apiKeyName: string
  createdAt: Timestamp
  updatedAt: Timestamp
  expirationSeconds?: string
}

export type V1Authenticator = {
  transports: AuthenticatorTransport[]
  attestationType: string
  aaguid: string
  credentialId: string
  model: string
  credential: Credential
  authenticatorId: string
  authenticatorName: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export type V1OauthProvider = {
  providerId: string
  providerName: string
  issuer: string
  audience: string
  subject: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export type V1User = {
  userId: string
  userName: string
  userEmail?: string
  userPhoneNumber?: string
  authenticators: V1Authenticator[]
  apiKeys: V1ApiKey[]
  userTags: string[]
  oauthProviders: V1OauthProvider[]
  createdAt: Timestamp
  updatedAt: Timestamp
  mfaPolicies: []
}

export type V1Wallet = {
  walletId: string
  walletName: string
  createdAt: Timestamp
  updatedAt: Timestamp
  exported: boolean
  imported: boolean
}

export type V1WalletAccount = {
  walletAccountId: string
  organizationId: string
  walletId: string
  curve: Curve
  pathFormat: PathFormat
  path: string
  addressFormat: AddressFormat
  address: string
  createdAt: Timestamp
  updatedAt: Timestamp
  publicKey?: string
  walletDetails?: V1Wallet
  name?: string
  caip2Prefix?: string
}

export type V1OrganizationData = {
  organizationId: string
  name: string
  users: V1User[]
  policies: []
  privateKeys: []
  invitations: []
  tags: []
  rootQuorum: { threshold: number; userIds: string[] }
  features: { name: string; value: string }[]
  wallets: V1Wallet[]
}

export type ActivityFailure = { code: number; message: string; details: unknown[] }

export type V1Activity = {
  id: string
  organizationId: string
  status: ActivityStatus
  type: string
  intent: Record<string, unknown>
  result: Record<string, unknown>
  votes: unknown[]
  fingerprint: string
  canApprove: boolean
  canReject: boolean
  createdAt: Timestamp
  updatedAt: Timestamp
  failure?: ActivityFailure
}

export type Pagination = { limit?: string; before?: string; after?: string }

/** Envelope of every `POST /public/v1/submit/<name>` body. */
export type ActivityRequest<parameters = Record<string, unknown>> = {
  type: string
  timestampMs: string
  organizationId: string
  parameters: parameters
  generateAppProofs?: boolean
}

export type ActivityResponse = { activity: V1Activity }

/** Error body of `/public/v1` (grpc-gateway `rpcStatus`). */
export type PublicApiErrorBody = {
  code: number
  message: string
  details: Array<Record<string, unknown> & { '@type': string }>
  /** Same text as `message`; lets generic clients read `{ error, code }`. */
  error: string
}

// ---- parameters of the activities Sigil implements ----

export type WalletAccountParams = {
  curve: Curve
  pathFormat: PathFormat
  path: string
  addressFormat: AddressFormat
  name?: string
}
export type ApiKeyParamsV2 = {
  apiKeyName: string
  publicKey: string
  curveType: ApiKeyCurve
  expirationSeconds?: string
}
export type AuthenticatorParamsV2 = {
  authenticatorName: string
  challenge: string
  attestation: {
    credentialId: string
    clientDataJson: string
    attestationObject: string
    transports: AuthenticatorTransport[]
  }
}
export type OauthProviderParams = {
  providerName: string
  oidcToken?: string
  oidcClaims?: { iss: string; sub: string; aud: string }
}
export type RootUserParams = {
  userName: string
  userEmail?: string
  userPhoneNumber?: string
  apiKeys: ApiKeyParamsV2[]
  authenticators: AuthenticatorParamsV2[]
  oauthProviders: OauthProviderParams[]
}

export type CreateSubOrganizationParameters = {
  subOrganizationName: string
  rootUsers: RootUserParams[]
  rootQuorumThreshold: number
  wallet?: { walletName: string; accounts: WalletAccountParams[]; mnemonicLength?: number }
  disableEmailRecovery?: boolean
  disableEmailAuth?: boolean
  disableSmsAuth?: boolean
  disableOtpEmailAuth?: boolean
}
export type CreateWalletParameters = {
  walletName: string
  accounts: WalletAccountParams[]
  mnemonicLength?: number
}
export type CreateWalletAccountsParameters = {
  walletId: string
  accounts: WalletAccountParams[]
  persist?: boolean
}
export type CreateApiKeysParameters = { apiKeys: ApiKeyParamsV2[]; userId: string }
export type DeleteApiKeysParameters = { userId: string; apiKeyIds: string[] }

/**
 * `create_read_write_session` (Turnkey's `ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2`): a session key
 * sealed to `targetPublicKey` (the key frame's key), for the user whose passkey stamped the request
 * (docs/security.md#sessions). `expirationSeconds` is a decimal string, 900 by default.
 */
export type CreateReadWriteSessionParameters = {
  targetPublicKey: string
  userId?: string | undefined
  apiKeyName?: string | undefined
  expirationSeconds?: string | undefined
}

/** What `create_read_write_session` answers under `activity.result.createReadWriteSessionResultV2`. */
export type CreateReadWriteSessionResult = {
  organizationId: string
  organizationName: string
  userId: string
  username: string
  apiKeyId: string
  credentialBundle: string
}
export type CreateAuthenticatorsParameters = { authenticators: AuthenticatorParamsV2[]; userId: string }
export type SignRawPayloadParameters = {
  signWith: string
  payload: string
  encoding: PayloadEncoding
  hashFunction: HashFunction
}
export type SignRawPayloadsParameters = {
  signWith: string
  payloads: string[]
  encoding: PayloadEncoding
  hashFunction: HashFunction
}
/**
 * The transactions `sign_transaction` signs (docs/protocol.md#sign-transaction); Turnkey also names
 * `TRANSACTION_TYPE_TRON`, `_BITCOIN` and `_TEMPO`, which Sigil refuses.
 */
export type TransactionType = 'TRANSACTION_TYPE_ETHEREUM' | 'TRANSACTION_TYPE_SOLANA'
export type SignTransactionParameters = {
  /** A wallet account address (or, for compressed-format accounts, the public key). */
  signWith: string
  /** Hex (`0x` optional) of the unsigned serialized transaction: Ethereum's signing payload, Solana's wire transaction or message. */
  unsignedTransaction: string
  type: TransactionType
}
/** `signTransactionResult`: the signed transaction in hex, without `0x`, ready to broadcast. */
export type SignTransactionResult = { signedTransaction: string }
export type ExportWalletParameters = {
  walletId: string
  targetPublicKey: string
  /** Sigil exports English mnemonics; the server refuses any other language. */
  language?: MnemonicLanguage | (string & {})
}
export type ExportWalletAccountParameters = { address: string; targetPublicKey: string }

/** `init_import_wallet` / `init_import_private_key`: the user (the stamping user itself) the import is for. */
export type InitImportWalletParameters = { userId: string }
export type InitImportPrivateKeyParameters = { userId: string }
/** `initImportWalletResult` / `initImportPrivateKeyResult`: the signed import bundle. */
export type InitImportResult = { importBundle: string }
/**
 * `import_wallet`: `encryptedBundle` is `{"encappedPublic","ciphertext"}` (JSON, hex), the mnemonic
 * (optionally `+ "\n--PASS--\n" + passphrase`) sealed to the import bundle's `targetPublic`.
 */
export type ImportWalletParameters = {
  userId: string
  walletName: string
  encryptedBundle: string
  accounts: WalletAccountParams[]
}
/** `importWalletResult`. */
export type ImportWalletResult = { walletId: string; addresses: string[] }
/** `import_private_key`: `encryptedBundle` holds the raw 32-byte key. */
export type ImportPrivateKeyParameters = {
  userId: string
  privateKeyName: string
  encryptedBundle: string
  curve: Curve
  addressFormats: AddressFormat[]
}
/** `importPrivateKeyResult`. */
export type ImportPrivateKeyResult = {
  privateKeyId: string
  addresses: { format: AddressFormat; address: string }[]
}

export type SignatureResult = { r: string; s: string; v: string }

// ---- query bodies and responses ----

export type WhoamiRequest = { organizationId: string }
export type GetOrganizationRequest = { organizationId: string }
export type ListWalletsRequest = { organizationId: string }
export type ListUsersRequest = { organizationId: string }
export type WhoamiResponse = {
  organizationId: string
  organizationName: string
  userId: string
  username: string
}
export type GetOrganizationResponse = { organizationData: V1OrganizationData }
export type ListWalletsResponse = { wallets: V1Wallet[] }
export type GetWalletRequest = { organizationId: string; walletId: string }
export type GetWalletResponse = { wallet: V1Wallet }
export type ListWalletAccountsRequest = {
  organizationId: string
  walletId?: string
  includeWalletDetails?: boolean
  paginationOptions?: Pagination
}
export type ListWalletAccountsResponse = { accounts: V1WalletAccount[] }
/** One of `address` and `path` names the account of `walletId`. */
export type GetWalletAccountRequest = {
  organizationId: string
  walletId: string
  address?: string
  path?: string
}
export type GetWalletAccountResponse = { account: V1WalletAccount }
export type GetActivityRequest = { organizationId: string; activityId: string }
export type ListActivitiesRequest = {
  organizationId: string
  filterByStatus?: ActivityStatus[]
  filterByType?: string[]
  paginationOptions?: Pagination
}
export type ListActivitiesResponse = { activities: V1Activity[] }
export type GetAuthenticatorsRequest = { organizationId: string; userId: string }
export type GetAuthenticatorsResponse = { authenticators: V1Authenticator[] }
export type GetApiKeysRequest = { organizationId: string; userId?: string }
export type GetApiKeysResponse = { apiKeys: V1ApiKey[] }
export type GetUserRequest = { organizationId: string; userId: string }
export type GetUserResponse = { user: V1User }
export type ListUsersResponse = { users: V1User[] }
export type ListSubOrgsFilterType =
  | 'CREDENTIAL_ID'
  | 'NAME'
  | 'USERNAME'
  | 'EMAIL'
  | 'PHONE_NUMBER'
  | 'OIDC_TOKEN'
  | 'WALLET_ACCOUNT_ADDRESS'
  | 'PUBLIC_KEY'
export type ListSubOrgsRequest = {
  organizationId: string
  filterType?: ListSubOrgsFilterType
  filterValue?: string
  paginationOptions?: Pagination
}
export type ListSubOrgsResponse = { organizationIds: string[] }
