import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createApiKeyStamp } from '@sigil/protocol'
import { createApp } from '../apps/createApp.js'
import { createSigilServer, type SigilServer } from '../createSigilServer.js'
import { prepareApiKeys } from '../kms/credentials/prepareApiKeys.js'
import { createLogger } from '../log/createLogger.js'
import type { SigilServerConfig } from '../resolveConfig.js'
import type { StoreDialect } from '../store/createStore.js'
import { createTestStore, type TestStore } from '../store/test/storeDialects.js'

/** The allowed origin of the test app. */
export const testAppOrigin = 'http://localhost:5173'

/** A fixed master key for tests only. */
export const testMasterKey = '5e'.repeat(32)

export type TestKey = { privateKey: string; publicKey: string }

/** A fresh P-256 API key pair (hex private key, compressed hex public key). */
export function generateTestKey(): TestKey {
  const secret = p256.utils.randomSecretKey()
  return { privateKey: bytesToHex(secret), publicKey: bytesToHex(p256.getPublicKey(secret, true)) }
}

export type TestServer = {
  app: SigilServer
  store: TestStore
  rootOrganizationId: string
  rootUserId: string
  /** A long-lived API key of the root user. */
  rootKey: TestKey
  /** POSTs `body` (serialized once, exactly as stamped) with an `X-Stamp` of `key`. */
  post(
    path: string,
    body: unknown,
    key?: TestKey,
    init?: { headers?: Record<string, string> },
  ): Promise<Response>
  /** Submits an activity envelope with a fresh `timestampMs`. */
  submit(
    name: string,
    type: string,
    parameters: unknown,
    options?: { organizationId?: string; key?: TestKey; timestampMs?: string },
  ): Promise<Response>
  /** The test app (`http://localhost:5173`, OTP mode) and its bearer key. */
  signerApp: { appId: string; apiKey: string }
  /** POSTs JSON to `/signer<path>` with the test app's bearer key (or the given headers instead). */
  signer(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  /** Adds an API key to a user directly in the store (fixtures). */
  addApiKey(parameters: {
    organizationId: string
    userId: string
    expirationSeconds?: string
  }): Promise<TestKey>
  cleanup(): Promise<void>
}

/**
 * A Sigil server on a throw-away SQLite file or PostgreSQL schema, with a root API key, in dev mode
 * unless `config.dev` is false (see `SigilServerConfig.dev`).
 * Requests go through `app.request()` (in process); use `serve()` for the real listener.
 *
 * @example
 * const server = await createTestServer('sqlite')
 * const response = await server.post('/public/v1/query/whoami', { organizationId: server.rootOrganizationId })
 */
export async function createTestServer(
  dialect: StoreDialect,
  config: Partial<SigilServerConfig> = {},
): Promise<TestServer> {
  const store = await createTestStore(dialect)
  const dataDir = store.location.dataDir ?? (await mkdtemp(join(tmpdir(), 'sigil-server-')))
  const app = await createSigilServer({
    store,
    dataDir,
    masterKey: testMasterKey,
    logger: createLogger({ level: 'silent' }),
    // Tests read sign-in codes from the dev mailbox and register passkeys from localhost: dev mode,
    // explicitly. Tests of production behaviour pass `dev: false` (and an `smtpUrl` when they mail).
    dev: true,
    ...config,
  })
  const rootOrganizationId = app.sigil.rootOrganizationId
  const root = await store.db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', rootOrganizationId)
    .executeTakeFirstOrThrow()

  const addApiKey: TestServer['addApiKey'] = async ({ organizationId, userId, expirationSeconds }) => {
    const key = generateTestKey()
    const { write } = prepareApiKeys({
      organizationId,
      userId,
      now: app.sigil.now(),
      apiKeys: [
        { apiKeyName: 'test', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds },
      ],
    })
    await store.db.transaction().execute((trx) => write(trx))
    return key
  }
  const rootKey = await addApiKey({ organizationId: rootOrganizationId, userId: root.id })

  const post: TestServer['post'] = async (path, body, key = rootKey, init = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return app.request(path, {
      method: 'POST',
      body: text,
      headers: {
        'content-type': 'application/json',
        [stamp.stampHeaderName]: stamp.stampHeaderValue,
        ...init.headers,
      },
    })
  }

  const signerApp = await createApp(store.db, {
    name: 'test app',
    origins: [testAppOrigin],
    redirectUrl: `${testAppOrigin}/auth/return`,
    now: Date.now(),
  })
  const signer: TestServer['signer'] = async (path, body, headers) =>
    app.request(`/signer${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(headers ?? { authorization: `Bearer ${signerApp.apiKey}` }),
      },
    })

  return {
    app,
    store,
    signerApp,
    signer,
    rootOrganizationId,
    rootUserId: root.id,
    rootKey,
    post,
    submit: (name, type, parameters, options = {}) =>
      post(
        `/public/v1/submit/${name}`,
        {
          type,
          timestampMs: options.timestampMs ?? String(Date.now()),
          organizationId: options.organizationId ?? rootOrganizationId,
          parameters,
        },
        options.key,
      ),
    addApiKey,
    async cleanup() {
      await app.close()
      await store.cleanup()
      if (!store.location.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
