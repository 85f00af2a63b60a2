import { ServerSignerClient } from '@account-kit/signer'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { TurnkeyClient } from '@turnkey/http'
import { hashMessage, recoverAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toApp } from '../../src/apps/toApp.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTestServer, type TestServer, testAppOrigin } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { signInTestUser } from '../../src/test/signInTestUser.js'

// @sigil-test own-process: it replaces the global `fetch` and `Buffer.poolSize` while it runs.

/**
 * `@account-kit/signer` 4.88.4, unmodified, against a real Sigil listener: its `experimental_*`
 * multi-owner methods of `BaseSignerClient` (stamping through `/v1/sign-payload`, recovering the key,
 * the three-step add and delete) on a signed-in user's session key. The methods have no browser part,
 * so Account Kit's `ServerSignerClient` runs them in Node with the session key as its stamper. With
 * only `rpcUrl` (Sigil's mode) the app is the browser's `Origin`: the global `fetch` Account Kit calls
 * adds the test app's origin, as a browser on that page would.
 */
describe.each(storeDialects)('Account Kit 4.88 multi-owner on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  const realFetch = globalThis.fetch
  const realPoolSize = Buffer.poolSize
  beforeAll(async () => {
    // Account Kit encodes its multi-owner stamp from `Buffer.from(json).buffer`: in a browser's Buffer
    // that is the JSON's bytes, in Node a small Buffer's `.buffer` is the shared 8 KiB pool. No pool,
    // as in the browser.
    Buffer.poolSize = 0
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
    globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('origin', testAppOrigin)
      return realFetch(input, { ...init, headers })
    }
  })
  afterAll(async () => {
    globalThis.fetch = realFetch
    Buffer.poolSize = realPoolSize
    await listener?.close()
    await server?.cleanup()
  })

  /** An Account Kit client signed in as a new user of the test app (its session key stamps). */
  const connect = async (email: string) => {
    const app = toApp(
      await server.store.db
        .selectFrom('apps')
        .selectAll()
        .where('id', '=', server.signerApp.appId)
        .executeTakeFirstOrThrow(),
    )
    const session = await signInTestUser(server.app.sigil, app, email)
    const client = new ServerSignerClient({
      connection: { rpcUrl: listener.url },
    })
    const internals = client as unknown as { turnkeyClient: TurnkeyClient }
    internals.turnkeyClient = new TurnkeyClient(
      { baseUrl: 'https://api.turnkey.com' },
      new ApiKeyStamper({ apiPublicKey: session.key.publicKey, apiPrivateKey: session.key.privateKey }),
    )
    // whoami through Account Kit's own call sets the user as a sign-in would.
    await client.whoami(session.organizationId)
    return client
  }

  test('default', async () => {
    const first = await connect('ak-first@example.com')
    const second = await connect('ak-second@example.com')
    const firstAddress = first.getUser()!.address
    const secondAddress = second.getUser()!.address

    const created = await first.experimental_createMultiOwner([secondAddress])
    expect(created.members).toEqual([{ evmSignerAddress: firstAddress }, { evmSignerAddress: secondAddress }])

    const hash = hashMessage('Account Kit multi-owner')
    for (const client of [first, second]) {
      const signature = await client.experimental_multiOwnerSignRawMessage(
        hash,
        created.orgId,
        created.evmSignerAddress,
      )
      expect(await recoverAddress({ hash, signature })).toBe(created.evmSignerAddress)
    }

    const newcomer = privateKeyToAccount(generatePrivateKey()).address
    const owners = async () =>
      (
        await server.store.db
          .selectFrom('multi_owner_members')
          .select('evm_signer_address')
          .where('organization_id', '=', created.orgId)
          .execute()
      ).map((row) => row.evm_signer_address)
    await first.experimental_addToMultiOwner(created.orgId, [newcomer])
    expect(await owners()).toContain(newcomer.toLowerCase())
    await second.experimental_deleteFromMultiOwner(created.orgId, [newcomer])
    expect(await owners()).not.toContain(newcomer.toLowerCase())
  })

  test('error: a signed-in user who is not an owner gets no signature', async () => {
    const owner = await connect('ak-owner@example.com')
    const stranger = await connect('ak-stranger@example.com')
    const created = await owner.experimental_createMultiOwner([])
    await expect(
      stranger.experimental_multiOwnerSignRawMessage(
        hashMessage('x'),
        created.orgId,
        created.evmSignerAddress,
      ),
    ).rejects.toThrow(/NOT_AN_OWNER/)
  })
})
