import type { Insertable } from 'kysely'
import type { Database } from '../schema.js'

/** One valid row of every table, for store tests; override fields per test. */

/** A fixed epoch-ms time past 2^32, so a 32-bit column or a lost bigint parser shows. */
export const testTime = 1_767_225_600_123

type Rows = { [Table in keyof Database]: Insertable<Database[Table]> }

export function organizationRow(overrides: Partial<Rows['organizations']> = {}): Rows['organizations'] {
  return {
    id: 'org-1',
    name: 'Root',
    parent_id: null,
    app_id: null,
    root_quorum_threshold: 1,
    root_user_ids: '["user-1"]',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function userRow(overrides: Partial<Rows['users']> = {}): Rows['users'] {
  return {
    id: 'user-1',
    organization_id: 'org-1',
    name: 'Ada',
    email: 'ada@example.com',
    phone_number: null,
    oauth_providers: '[]',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function apiKeyRow(overrides: Partial<Rows['api_keys']> = {}): Rows['api_keys'] {
  return {
    id: 'key-1',
    organization_id: 'org-1',
    user_id: 'user-1',
    name: 'session',
    public_key: `02${'ab'.repeat(32)}`,
    curve_type: 'API_KEY_CURVE_P256',
    credential_type: 'CREDENTIAL_TYPE_API_KEY_P256',
    expiration_seconds: '900',
    expires_at: testTime + 900_000,
    delegated: 0,
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function authenticatorRow(overrides: Partial<Rows['authenticators']> = {}): Rows['authenticators'] {
  return {
    id: 'authenticator-1',
    organization_id: 'org-1',
    user_id: 'user-1',
    name: 'laptop',
    credential_id: 'Y3JlZGVudGlhbA',
    cose_public_key: 'pQECAyYgASFYIA',
    public_key: `03${'cd'.repeat(32)}`,
    counter: 0,
    transports: '["AUTHENTICATOR_TRANSPORT_INTERNAL"]',
    aaguid: '00000000-0000-0000-0000-000000000000',
    attestation_type: 'none',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function walletRow(overrides: Partial<Rows['wallets']> = {}): Rows['wallets'] {
  return {
    id: 'wallet-1',
    organization_id: 'org-1',
    name: 'Main',
    mnemonic_length: 12,
    sealed_mnemonic: '{"v":1}',
    exported: 0,
    imported: 1,
    secret_kind: 'mnemonic',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function walletAccountRow(overrides: Partial<Rows['wallet_accounts']> = {}): Rows['wallet_accounts'] {
  return {
    id: 'account-1',
    organization_id: 'org-1',
    wallet_id: 'wallet-1',
    curve: 'CURVE_SECP256K1',
    path_format: 'PATH_FORMAT_BIP32',
    path: "m/44'/60'/0'/0/0",
    address_format: 'ADDRESS_FORMAT_ETHEREUM',
    address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    public_key: `02${'ef'.repeat(32)}`,
    name: null,
    sealed_private_key: '{"v":1}',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function activityRow(overrides: Partial<Rows['activities']> = {}): Rows['activities'] {
  return {
    id: 'activity-1',
    organization_id: 'org-1',
    type: 'ACTIVITY_TYPE_CREATE_WALLET',
    status: 'ACTIVITY_STATUS_COMPLETED',
    intent: '{"createWalletIntent":{}}',
    result: '{}',
    failure: null,
    fingerprint: `sha256:${'00'.repeat(32)}`,
    user_id: 'user-1',
    created_at: testTime,
    updated_at: testTime,
    ...overrides,
  }
}

export function serverKeyRow(overrides: Partial<Rows['server_keys']> = {}): Rows['server_keys'] {
  return {
    name: 'export-signer',
    sealed_private_key: '{"v":1}',
    public_key: `04${'12'.repeat(64)}`,
    created_at: testTime,
    ...overrides,
  }
}

export function importKeyRow(overrides: Partial<Rows['import_keys']> = {}): Rows['import_keys'] {
  return {
    id: 'import-key-1',
    organization_id: 'org-1',
    user_id: 'user-1',
    kind: 'wallet',
    public_key: `04${'34'.repeat(64)}`,
    sealed_private_key: '{"v":1}',
    encapped_public: null,
    created_at: testTime,
    expires_at: testTime + 3_600_000,
    ...overrides,
  }
}
