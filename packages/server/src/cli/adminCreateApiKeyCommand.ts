import { parseArgs } from 'node:util'
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@sigil/protocol'
import { prepareApiKeys } from '../kms/credentials/prepareApiKeys.js'
import { ensureRootOrganization } from '../setup/ensureRootOrganization.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { adminCreateApiKeyUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server admin create-api-key`: a P-256 API key of the root organization's root user.
 * Prints `{apiKeyId, organizationId, publicKey, privateKey?}`; the private key only when this
 * command generated the pair (it is shown once and never stored).
 */
export async function adminCreateApiKeyCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      ...commonOptions,
      name: { type: 'string' },
      'public-key': { type: 'string' },
      'expiration-seconds': { type: 'string' },
    },
    strict: true,
  })
  if (values.help) return void console.log(adminCreateApiKeyUsage)
  if (!values.name) throw new Error(`--name is required\nusage: ${adminCreateApiKeyUsage}`)
  let privateKey: string | undefined
  let publicKey = values['public-key']
  if (!publicKey) {
    const secret = p256.utils.randomSecretKey()
    privateKey = bytesToHex(secret)
    publicKey = bytesToHex(p256.getPublicKey(secret, true))
  }
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    const now = Date.now()
    const root = await ensureRootOrganization(store.db, { name: 'Sigil', now })
    const apiKeys = prepareApiKeys({
      organizationId: root.organizationId,
      userId: root.rootUserId,
      now,
      apiKeys: [
        {
          apiKeyName: values.name,
          publicKey,
          curveType: 'API_KEY_CURVE_P256',
          ...(values['expiration-seconds'] ? { expirationSeconds: values['expiration-seconds'] } : {}),
        },
      ],
    })
    await store.db.transaction().execute((trx) => apiKeys.write(trx))
    const stored = await store.db
      .selectFrom('api_keys')
      .select('public_key')
      .where('id', '=', apiKeys.apiKeyIds[0]!)
      .executeTakeFirstOrThrow()
    console.log(
      JSON.stringify({
        apiKeyId: apiKeys.apiKeyIds[0],
        organizationId: root.organizationId,
        publicKey: stored.public_key,
        ...(privateKey ? { privateKey } : {}),
      }),
    )
  } finally {
    await store.close()
  }
}
