import { randomInt } from 'node:crypto'
import { request } from 'node:http'
import { createApiKeyStamp } from '@sigil/protocol'
import { createApp } from '../../src/apps/createApp.js'
import { startTestSmtpServer, type TestSmtpServer } from '../../src/auth/email/test/startTestSmtpServer.js'
import { prepareApiKeys } from '../../src/kms/credentials/prepareApiKeys.js'
import { createTestStore, type TestStore } from '../../src/store/test/storeDialects.js'
import { generateTestKey, type TestKey, testMasterKey } from '../../src/test/createTestServer.js'
import { type SpawnedServer, spawnServer } from '../../src/test/spawnServer.js'

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string }

export type TwoInstances = {
  store: TestStore
  /** The two `sigil-server start` processes (not `--dev`) on `store`'s PostgreSQL schema. */
  servers: [SpawnedServer, SpawnedServer]
  smtp: TestSmtpServer
  /** An app (bearer key) both instances serve. */
  app: { appId: string; apiKey: string }
  rootOrganizationId: string
  rootUserId: string
  /** A long-lived API key of the root user, added in the store. */
  rootKey: TestKey
  /** A fresh loopback address (127.x.y.z) to send from: a per-IP bucket no other test shares in Redis. */
  newClientAddress(): string
  /** POSTs JSON to instance `index` (0 or 1), stamped with `key` when given, from `from` when given. */
  post(
    index: 0 | 1,
    path: string,
    body: unknown,
    options?: { key?: TestKey; from?: string; headers?: Record<string, string> },
  ): Promise<Answer>
  /** POSTs JSON to `/signer<path>` of instance `index` with the app's bearer key. */
  signer(index: 0 | 1, path: string, body: unknown, from?: string): Promise<Answer>
  /** Adds an API key to a user in the store; answers the key and its id. */
  addApiKey(organizationId: string, userId: string): Promise<{ key: TestKey; apiKeyId: string }>
  stop(): Promise<void>
}

/**
 * Two Sigil server processes, as an operator runs them: `sigil-server start` (production mode) on one
 * PostgreSQL schema, sharing one Redis (`REDIS_URL`) and one SMTP server (a test one, kept in memory).
 *
 * @example
 * const instances = await startTwoInstances()
 * const answer = await instances.post(1, '/public/v1/query/whoami', { organizationId }, { key })
 * await instances.stop()
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const store = await createTestStore('postgres')
  const smtp = await startTestSmtpServer()
  const started: SpawnedServer[] = []
  try {
    const env = {
      SIGIL_MASTER_KEY: testMasterKey,
      SIGIL_LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      REDIS_URL: process.env.SIGIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    }
    const databaseUrl = store.location.databaseUrl!
    // One after the other: the first migrates the schema and creates the root organization.
    for (let index = 0; index < 2; index++)
      started.push(await spawnServer(['start', '--port', '0', '--database-url', databaseUrl], env))
    const root = await store.db
      .selectFrom('organizations')
      .innerJoin('users', 'users.organization_id', 'organizations.id')
      .select(['organizations.id as organizationId', 'users.id as userId'])
      .where('organizations.parent_id', 'is', null)
      .executeTakeFirstOrThrow()
    const app = await createApp(store.db, {
      name: 'instances',
      origins: ['http://localhost:5173'],
      now: Date.now(),
    })

    const addApiKey: TwoInstances['addApiKey'] = async (organizationId, userId) => {
      const key = generateTestKey()
      const { apiKeyIds, write } = prepareApiKeys({
        organizationId,
        userId,
        now: Date.now(),
        apiKeys: [{ apiKeyName: 'instances', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      })
      await store.db.transaction().execute((trx) => write(trx))
      return { key, apiKeyId: apiKeyIds[0]! }
    }
    const rootKey = (await addApiKey(root.organizationId, root.userId)).key
    const servers = started as [SpawnedServer, SpawnedServer]

    const post: TwoInstances['post'] = async (index, path, body, options = {}) => {
      const text = JSON.stringify(body)
      const stamp = options.key
        ? await createApiKeyStamp({ body: text, privateKey: options.key.privateKey })
        : undefined
      return send(`${servers[index].url}${path}`, text, options.from, {
        ...(stamp ? { [stamp.stampHeaderName]: stamp.stampHeaderValue } : {}),
        ...options.headers,
      })
    }
    return {
      store,
      servers,
      smtp,
      app,
      rootOrganizationId: root.organizationId,
      rootUserId: root.userId,
      rootKey,
      newClientAddress: () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
      post,
      signer: (index, path, body, from) =>
        post(index, `/signer${path}`, body, { from, headers: { authorization: `Bearer ${app.apiKey}` } }),
      addApiKey,
      async stop() {
        await Promise.all(servers.map((server) => server.stop()))
        await smtp.close()
        await store.cleanup()
      },
    }
  } catch (error) {
    await Promise.all(started.map((server) => server.stop()))
    await smtp.close()
    await store.cleanup()
    throw error
  }
}

/** One POST through the real listener, from `localAddress` when given. */
function send(
  url: string,
  body: string,
  localAddress: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url)
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        )
      },
    )
    sent.once('error', reject)
    sent.end(body)
  })
}
