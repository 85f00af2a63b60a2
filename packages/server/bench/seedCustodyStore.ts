import { createCipheriv, type KeyObject, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import secp256k1 from 'secp256k1'
import { createId } from '../src/ids/createId.js'

export type SeedCustodyStoreParameters = {
  /** A store made by `createFloorStore` (the server's migrations). */
  dataDir: string
  /** Wraps the data keys of the sealed envelopes (`openSealedKey` opens them with it). */
  masterKey: KeyObject
  /** The bench's P-256 API key: compressed public key hex, as the stamps carry it. */
  apiPublicKey: string
  /** The id of the organization the requests name. */
  organizationId: string
  /** The address of the wallet account the requests sign with. */
  signWith: string
}

/**
 * Seeds the custody floor's store (see `floorServer.ts`), once per floor before any server process serves:
 * an organization with one user, that user's API key (`apiPublicKey`, `API_KEY_CURVE_P256`, no expiry), a
 * wallet and one secp256k1 wallet account at `signWith` whose fresh random private key is sealed in the
 * floor's envelope (the format `openSealedKey` documents, AAD `wallet_account:<id>`). The rows have the
 * server's columns (its migrations made the tables); values the floor never reads are plausible constants.
 *
 * @example
 * seedCustodyStore({ dataDir, masterKey: createSecretKey(randomBytes(32)), apiPublicKey, organizationId, signWith })
 */
export function seedCustodyStore(parameters: SeedCustodyStoreParameters): void {
  const { dataDir, masterKey, apiPublicKey, organizationId, signWith } = parameters
  const seal = (plaintext: Uint8Array, aad: string) => {
    const dataKey = randomBytes(32)
    try {
      const wiv = randomBytes(12)
      const wrap = createCipheriv('aes-256-gcm', masterKey, wiv)
      wrap.setAAD(Buffer.from('sigil-bench/floor/data-key'))
      const wk = Buffer.concat([wrap.update(dataKey), wrap.final(), wrap.getAuthTag()])
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv)
      cipher.setAAD(Buffer.from(aad, 'utf8'))
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
      const base64url = (bytes: Buffer) => bytes.toString('base64url')
      return JSON.stringify({ wk: base64url(wk), wiv: base64url(wiv), iv: base64url(iv), ct: base64url(ct) })
    } finally {
      dataKey.fill(0)
    }
  }
  let privateKey = randomBytes(32)
  while (!secp256k1.privateKeyVerify(privateKey)) privateKey = randomBytes(32)
  const now = Date.now()
  const userId = createId()
  const walletId = createId()
  const accountId = createId()
  const rows: [table: string, row: Record<string, string | number | null>][] = [
    [
      'organizations',
      {
        id: organizationId,
        name: 'floor organization',
        app_id: null,
        parent_id: null,
        root_quorum_threshold: 1,
        root_user_ids: JSON.stringify([userId]),
      },
    ],
    [
      'users',
      {
        id: userId,
        organization_id: organizationId,
        name: 'floor user',
        email: null,
        phone_number: null,
        oauth_providers: '[]',
      },
    ],
    [
      'api_keys',
      {
        id: createId(),
        organization_id: organizationId,
        user_id: userId,
        name: 'floor api key',
        public_key: apiPublicKey.toLowerCase(),
        curve_type: 'API_KEY_CURVE_P256',
        credential_type: 'CREDENTIAL_TYPE_API_KEY_P256',
        expiration_seconds: null,
        expires_at: null,
      },
    ],
    [
      'wallets',
      {
        id: walletId,
        organization_id: organizationId,
        name: 'floor wallet',
        mnemonic_length: 12,
        // Never opened by the floor; sealed like the account's key so the row looks like the server's.
        sealed_mnemonic: seal(randomBytes(16), `wallet:${walletId}`),
        exported: 0,
        imported: 0,
      },
    ],
    [
      'wallet_accounts',
      {
        id: accountId,
        organization_id: organizationId,
        wallet_id: walletId,
        curve: 'CURVE_SECP256K1',
        path_format: 'PATH_FORMAT_BIP32',
        path: "m/44'/60'/0'/0/0",
        address_format: 'ADDRESS_FORMAT_ETHEREUM',
        address: signWith,
        public_key: Buffer.from(secp256k1.publicKeyCreate(privateKey, true)).toString('hex'),
        name: null,
        sealed_private_key: seal(privateKey, `wallet_account:${accountId}`),
      },
    ],
  ]
  privateKey.fill(0)
  const database = new Database(join(dataDir, 'sigil.db'))
  try {
    database.transaction(() => {
      for (const [table, row] of rows) {
        const values = { ...row, created_at: now, updated_at: now }
        const columns = Object.keys(values)
        database
          .prepare(
            `insert into ${table} (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
          )
          .run(values)
      }
    })()
  } finally {
    database.close()
  }
}
