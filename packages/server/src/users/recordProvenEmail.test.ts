import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { createUserAccount } from './createUserAccount.js'
import { findUserByEmail } from './findUserByEmail.js'
import { recordProvenEmail } from './recordProvenEmail.js'

describe.each(storeDialects)('recordProvenEmail on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect)
  })
  afterAll(() => server.cleanup())

  const app = async () => {
    const row = await server.store.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', server.signerApp.appId)
      .executeTakeFirstOrThrow()
    const { toApp } = await import('../apps/toApp.js')
    return toApp(row)
  }
  const prove = (userId: string, email: string) =>
    server.app.sigil.batcher.run((trx) =>
      recordProvenEmail(trx, { appId: server.signerApp.appId, email, userId, now: Date.now(), how: 'code' }),
    )

  test('default: the email becomes the identity of the user, and proving it again changes nothing', async () => {
    const ctx = server.app.sigil
    const account = await createUserAccount(ctx, { app: await app(), email: 'ada@example.com' })
    expect(await findUserByEmail(ctx, await app(), 'ada@example.com')).toBeUndefined()
    await prove(account.userId, 'ada@example.com')
    await prove(account.userId, 'ada@example.com')
    expect(await findUserByEmail(ctx, await app(), 'ADA@example.com')).toEqual({
      organizationId: account.organizationId,
      userId: account.userId,
    })
  })

  test('error: another user of the app cannot prove the same email (409 EMAIL_ALREADY_PROVEN)', async () => {
    const ctx = server.app.sigil
    const holder = await createUserAccount(ctx, {
      app: await app(),
      email: 'bea@example.com',
      emailProvenBy: 'oauth:google',
    })
    const other = await createUserAccount(ctx, { app: await app(), email: 'bea@example.com' })
    await expect(prove(other.userId, 'bea@example.com')).rejects.toMatchObject({
      status: 409,
      errorCode: 'EMAIL_ALREADY_PROVEN',
    })
    await expect(
      createUserAccount(ctx, { app: await app(), email: 'bea@example.com', emailProvenBy: 'oauth:google' }),
    ).rejects.toMatchObject({ errorCode: 'EMAIL_ALREADY_PROVEN' })
    expect((await findUserByEmail(ctx, await app(), 'bea@example.com'))?.userId).toBe(holder.userId)
  })
})
