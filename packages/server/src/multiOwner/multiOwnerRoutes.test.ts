import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@sigil/protocol'
import { recoverAddress, serializeSignature } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toApp } from '../apps/toApp.js'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { signInTestUser, type TestSession } from '../test/signInTestUser.js'
import { createMultiOwnerClient, type MultiOwnerClient } from './test/multiOwnerClient.js'
import { createOwnerKey, stampThroughSignPayload } from './test/ownerStamps.js'

/**
 * The multi-owner routes as `@account-kit/signer` 4.88 calls them (`experimental_createMultiOwner`,
 * `experimental_addToMultiOwner`, `experimental_multiOwnerSignRawMessage`,
 * `experimental_deleteFromMultiOwner`), with a signed-in Sigil user as the first owner, stamping
 * through `/v1/sign-payload` as Account Kit does, and external EVM keys as the other owners.
 */
describe.each(storeDialects)('multi-owner routes on %s', (dialect) => {
  let server: TestServer
  let client: MultiOwnerClient
  let session: TestSession & { address: `0x${string}` }
  beforeAll(async () => {
    server = await createTestServer(dialect)
    client = createMultiOwnerClient(server)
    const app = toApp(
      await server.store.db
        .selectFrom('apps')
        .selectAll()
        .where('id', '=', server.signerApp.appId)
        .executeTakeFirstOrThrow(),
    )
    const signedIn = await signInTestUser(server.app.sigil, app, 'owner@example.com')
    const account = await server.store.db
      .selectFrom('wallet_accounts')
      .select('address')
      .where('organization_id', '=', signedIn.organizationId)
      .where('address_format', '=', 'ADDRESS_FORMAT_ETHEREUM')
      .executeTakeFirstOrThrow()
    session = { ...signedIn, address: account.address as `0x${string}` }
  })
  afterAll(async () => {
    await server?.cleanup()
  })

  const stampAsUser = (request: unknown) => stampThroughSignPayload(server, session, request)

  test('default', async () => {
    const second = createOwnerKey()
    const created = await client.create([session.address, second.address])
    expect(created.status).toBe(200)
    const { orgId, evmSignerAddress, members } = created.body.result
    expect(evmSignerAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(members).toEqual([{ evmSignerAddress: session.address }, { evmSignerAddress: second.address }])
    expect(await client.quorumOf(orgId)).toMatchObject({ threshold: 1 })

    // experimental_multiOwnerSignRawMessage: a hash signed by the organization's wallet.
    const hash = `0x${bytesToHex(sha256(new TextEncoder().encode('hello')))}` as const
    const signed = await client.send(
      '/v1/multi-owner-sign-raw-payload',
      await stampAsUser(
        client.envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', orgId, {
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
          payload: hash,
          signWith: evmSignerAddress,
        }),
      ),
    )
    expect(signed.status).toBe(200)
    const { r, s, v } = signed.body.result.signRawPayloadResult
    const signature = serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number(v) })
    expect(await recoverAddress({ hash, signature })).toBe(evmSignerAddress)

    // experimental_addToMultiOwner: prepare, stamp, add, then the quorum update it answers.
    const third = createOwnerKey()
    const prepared = await client.signer('/v1/multi-owner-prepare-add', {
      organizationId: orgId,
      members: [{ evmSignerAddress: third.address }],
    })
    expect(prepared.status).toBe(200)
    expect(prepared.body.result).toMatchObject({
      type: 'ACTIVITY_TYPE_CREATE_USERS_V3',
      organizationId: orgId,
      parameters: {
        users: [{ userName: third.address, apiKeys: [], authenticators: [], oauthProviders: [] }],
      },
    })
    const added = await client.send('/v1/multi-owner-add', await stampAsUser(prepared.body.result))
    expect(added.status).toBe(200)
    expect(added.body.result.members).toHaveLength(3)
    const { updateRootQuorumRequest } = added.body.result
    expect(updateRootQuorumRequest.parameters.userIds).toHaveLength(3)
    const updated = await client.send(
      '/v1/multi-owner-update-root-quorum',
      await stampAsUser(updateRootQuorumRequest),
    )
    expect(updated).toEqual({ status: 200, body: { result: {} } })
    expect((await client.quorumOf(orgId)).userIds).toHaveLength(3)

    // experimental_deleteFromMultiOwner: prepare, quorum update, delete.
    const ids = await client.ownerIds(orgId)
    const preparedDelete = await client.signer('/v1/multi-owner-prepare-delete', {
      organizationId: orgId,
      members: [{ evmSignerAddress: third.address }],
    })
    expect(preparedDelete.status).toBe(200)
    const { deleteMembersRequest, updateRootQuorumRequest: shrink } = preparedDelete.body.result
    expect(deleteMembersRequest.parameters.userIds).toEqual([ids[third.address.toLowerCase()]])
    expect(shrink.parameters.userIds).not.toContain(ids[third.address.toLowerCase()])
    const stampedDelete = await stampAsUser(deleteMembersRequest)
    expect((await client.send('/v1/multi-owner-update-root-quorum', await stampAsUser(shrink))).status).toBe(
      200,
    )
    const deleted = await client.send('/v1/multi-owner-delete', stampedDelete)
    expect(deleted).toEqual({
      status: 200,
      body: { result: { deletedUserIds: [ids[third.address.toLowerCase()]] } },
    })
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(2)
  })

  test('behavior: with a threshold of 2 a signature waits for a second owner, then runs once', async () => {
    const first = createOwnerKey()
    const second = createOwnerKey()
    const { orgId, evmSignerAddress } = (await client.create([first.address, second.address])).body.result
    const ids = Object.values(await client.ownerIds(orgId))
    expect((await client.updateQuorum(first, orgId, 2, ids)).status).toBe(200)

    const hash = `0x${'ab'.repeat(32)}` as const
    const timestampMs = Date.now()
    const pending = await client.signRaw(first, orgId, evmSignerAddress, hash, timestampMs)
    expect(pending.status).toBe(400)
    expect(pending.body).toMatchObject({
      code: 'ACTIVITY_CONSENSUS_NEEDED',
      data: { activity: { status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', organizationId: orgId } },
    })
    const { fingerprint } = pending.body.data.activity

    const approved = await client.approve(second, orgId, fingerprint)
    expect(approved.status).toBe(200)
    expect(approved.body.activity).toMatchObject({
      status: 'ACTIVITY_STATUS_COMPLETED',
      fingerprint,
      result: { signRawPayloadResult: { r: expect.any(String), s: expect.any(String) } },
    })

    // The submitter sends the same stamped request again and gets the signature.
    const again = await client.signRaw(first, orgId, evmSignerAddress, hash, timestampMs)
    expect(again.status).toBe(200)
    expect(again.body.result.signRawPayloadResult).toEqual(approved.body.activity.result.signRawPayloadResult)
  })

  test('error: bad input is a 4xx with a code, never a 500', async () => {
    const address = createOwnerKey().address
    const cases: [string, unknown, number, string][] = [
      ['/v1/multi-owner-create', { members: [] }, 400, 'REQUEST_INVALID'],
      ['/v1/multi-owner-create', { members: [{ evmSignerAddress: '0x1234' }] }, 400, 'REQUEST_INVALID'],
      [
        '/v1/multi-owner-create',
        { members: [{ evmSignerAddress: address }, { evmSignerAddress: address.toLowerCase() }] },
        400,
        'REQUEST_INVALID',
      ],
      [
        '/v1/multi-owner-create',
        { members: Array.from({ length: 21 }, () => ({ evmSignerAddress: createOwnerKey().address })) },
        400,
        'REQUEST_INVALID',
      ],
      [
        '/v1/multi-owner-prepare-add',
        { organizationId: 'nope', members: [{ evmSignerAddress: address }] },
        404,
        'MULTI_OWNER_NOT_FOUND',
      ],
      [
        '/v1/multi-owner-prepare-delete',
        { organizationId: session.organizationId, members: [{ evmSignerAddress: address }] },
        404,
        'MULTI_OWNER_NOT_FOUND',
      ],
      ['/v1/multi-owner-sign-raw-payload', { stampedRequest: { body: '{}' } }, 400, 'REQUEST_INVALID'],
      [
        '/v1/multi-owner-delete',
        {
          stampedRequest: { body: 'not json', stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: 'x' } },
        },
        400,
        'INVALID_REQUEST',
      ],
    ]
    for (const [path, body, status, code] of cases) {
      const answer = await client.signer(path, body)
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status, code })
      expect(typeof answer.body.error).toBe('string')
    }
    const unstamped = await server.app.request('/public/v1/submit/approve_activity', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(unstamped.status).toBe(401)
  })
})
