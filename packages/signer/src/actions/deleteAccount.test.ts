import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

/** Deleting an account and reading what the server holds, through the SDK against the real server (in process). */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

test('default: the data export names the user and wallet; deleting signs out, erases the wallet, and frees the email', async () => {
  const email = 'leaving@example.com'
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, email)

  const data = await signer.exportAccountData()
  expect(data.user).toMatchObject({ userId: user.userId, email })
  expect(data.emails).toEqual([expect.objectContaining({ email })])
  expect(data.wallets.flatMap((wallet) => wallet.accounts.map((account) => account.address))).toContain(
    user.address,
  )
  expect(JSON.stringify(data)).not.toMatch(/mnemonic|sealed|privateKey/i)

  await signer.deleteAccount()
  expect(signer.status).toBe('DISCONNECTED')
  const db = testbed.server.store.db
  expect(await db.selectFrom('organizations').select('id').where('id', '=', user.orgId).execute()).toEqual([])
  for (const table of ['users', 'wallets', 'wallet_accounts', 'api_keys', 'activities'] as const)
    expect(
      await db
        .selectFrom(table)
        .select('id')
        .where('organization_id', '=', user.orgId as never)
        .execute(),
    ).toEqual([])
  expect(
    await db.selectFrom('email_identities').select('email').where('email', '=', email).execute(),
  ).toEqual([])

  const again = testbed.createSigner()
  const next = await testbed.signIn(again, email)
  expect(next.orgId).not.toBe(user.orgId)
  expect(next.address).not.toBe(user.address)
})

test('behavior: with two-factor, deleting needs a current code', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'guarded@example.com')
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  await expect(signer.deleteAccount()).rejects.toBeInstanceOf(MfaRequiredError)
  expect(signer.status).toBe('CONNECTED')
  await signer.deleteAccount({
    multiFactors: [
      { multiFactorId: added.multiFactorId, multiFactorCode: await totpCode(added.multiFactorTotpUrl, 1) },
    ],
  })
  expect(
    await testbed.server.store.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', user.orgId)
      .execute(),
  ).toEqual([])
})

test('error: a session older than 5 minutes must sign in again first', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'stale@example.com')
  await testbed.server.store.db
    .updateTable('api_keys')
    .set({ created_at: Date.now() - 6 * 60_000 })
    .where('user_id', '=', user.userId)
    .execute()
  await expect(signer.deleteAccount()).rejects.toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED' })
  expect(signer.status).toBe('CONNECTED')
  expect(
    await testbed.server.store.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', user.orgId)
      .execute(),
  ).toHaveLength(1)
})
