import type { Page } from 'playwright-core'
import { hashMessage, recoverAddress, serializeSignature } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createMultiOwnerClient,
  type MultiOwnerClient,
} from '../../packages/server/src/multiOwner/test/multiOwnerClient.js'
import { createOwnerKey } from '../../packages/server/src/multiOwner/test/ownerStamps.js'
import { type HarnessWindow, signInWithEmail, type User } from './harnessWindow.js'
import { type AccountKitSignerPage, startAccountKitSignerPage } from './startAccountKitSignerPage.js'

/*
 * An unmodified `@account-kit/signer` 4.88.4 in Chromium against a real Sigil server (the harness
 * of accountKitSigner.test.ts): the `experimental_*` multi-owner methods of its client
 * (`signer.inner`), each owner a user signed in with an emailed code in a browser of its own. The
 * client stamps as an owner through `/v1/sign-payload` and calls `/v1/multi-owner-create`,
 * `-sign-raw-payload`, `-prepare-add`, `-add`, `-update-root-quorum`, `-prepare-delete` and
 * `-delete` (docs/multi-owner.md). The Node version of the same flow, without a browser, is
 * packages/server/test/compat/accountKitMultiOwner.test.ts.
 */

type Address = `0x${string}`
let harness: AccountKitSignerPage
let first: Page
let second: Page
let firstUser: User
let secondUser: User
/** The routes with the harness app's key, and the votes, as an owner outside the browser sends them. */
let client: MultiOwnerClient

beforeAll(async () => {
  harness = await startAccountKitSignerPage()
  first = harness.page
  second = await harness.openPage()
  firstUser = await signInWithEmail(harness, first, 'owner-one@example.com')
  secondUser = await signInWithEmail(harness, second, 'owner-two@example.com')
  client = createMultiOwnerClient(harness.server, { authorization: `Bearer ${harness.app.apiKey}` })
})
afterAll(async () => {
  await harness?.close()
})

const createMultiOwner = (page: Page, members: Address[]) =>
  page.evaluate(
    (others) => (window as unknown as HarnessWindow).signer.inner.experimental_createMultiOwner(others),
    members,
  )
const signRaw = (page: Page, hash: `0x${string}`, orgId: string, orgAddress: Address) =>
  page.evaluate(
    ({ hash, orgId, orgAddress }) =>
      (window as unknown as HarnessWindow).signer.inner.experimental_multiOwnerSignRawMessage(
        hash,
        orgId,
        orgAddress,
      ),
    { hash, orgId, orgAddress },
  )
const owners = async (orgId: string) =>
  (
    await harness.server.store.db
      .selectFrom('multi_owner_members')
      .select('evm_signer_address')
      .where('organization_id', '=', orgId)
      .execute()
  ).map((row) => row.evm_signer_address)

test('default: create, sign as each owner, add and remove an owner through Account Kit 4.88.4', async () => {
  expect(firstUser.orgId).not.toBe(secondUser.orgId)
  const created = await createMultiOwner(first, [secondUser.address])
  expect(created.members).toEqual([
    { evmSignerAddress: firstUser.address },
    { evmSignerAddress: secondUser.address },
  ])
  expect(created.evmSignerAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)

  const hash = hashMessage('Account Kit multi-owner in Chromium')
  for (const owner of [first, second]) {
    const signature = await signRaw(owner, hash, created.orgId, created.evmSignerAddress)
    expect(await recoverAddress({ hash, signature })).toBe(created.evmSignerAddress)
  }

  const newcomer = createOwnerKey().address
  await first.evaluate(
    ({ orgId, newcomer }) =>
      (window as unknown as HarnessWindow).signer.inner.experimental_addToMultiOwner(orgId, [newcomer]),
    { orgId: created.orgId, newcomer },
  )
  expect(await owners(created.orgId)).toContain(newcomer.toLowerCase())
  // The newcomer joined the root quorum (`/v1/multi-owner-update-root-quorum`).
  expect((await client.quorumOf(created.orgId)).userIds).toHaveLength(3)

  await second.evaluate(
    ({ orgId, newcomer }) =>
      (window as unknown as HarnessWindow).signer.inner.experimental_deleteFromMultiOwner(orgId, [newcomer]),
    { orgId: created.orgId, newcomer },
  )
  expect(await owners(created.orgId)).not.toContain(newcomer.toLowerCase())
  expect(await client.quorumOf(created.orgId)).toEqual({ threshold: 1, userIds: expect.any(Array) })
  expect((await client.quorumOf(created.orgId)).userIds).toHaveLength(2)
})

test('behavior: with a 2-of-2 quorum the client gets ACTIVITY_CONSENSUS_NEEDED, the other owner approves', async () => {
  // The other owner is an outside EVM key (an external wallet), voting with Turnkey's approve_activity.
  const outside = createOwnerKey()
  const created = await createMultiOwner(first, [outside.address])
  const ids = Object.values(await client.ownerIds(created.orgId))
  expect((await client.updateQuorum(outside, created.orgId, 2, ids)).status).toBe(200)

  const hash = hashMessage('two of two')
  const refused = await signRaw(first, hash, created.orgId, created.evmSignerAddress).then(
    () => undefined,
    (error: Error) => error.message,
  )
  expect(refused).toMatch(/ACTIVITY_CONSENSUS_NEEDED/)
  const fingerprint = refused?.match(/"fingerprint":"([^"]+)"/)?.[1]
  expect(fingerprint).toEqual(expect.any(String))

  const approved = await client.approve(outside, created.orgId, fingerprint as string)
  expect(approved.status).toBe(200)
  expect(approved.body.activity).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED', fingerprint })
  const { r, s, v } = approved.body.activity.result.signRawPayloadResult
  const signature = serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number(v) })
  expect(await recoverAddress({ hash, signature })).toBe(created.evmSignerAddress)
})

test('error: a signed-in user who is not an owner gets no signature (NOT_AN_OWNER)', async () => {
  const created = await createMultiOwner(first, [])
  await expect(signRaw(second, hashMessage('x'), created.orgId, created.evmSignerAddress)).rejects.toThrow(
    /NOT_AN_OWNER/,
  )
})

test('behavior: nothing left the machine but the Turnkey hosts Sigil answered', () => {
  expect(harness.externalRequests).toEqual([])
})
