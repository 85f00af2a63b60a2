import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { createMultiOwnerClient, type MultiOwnerClient } from '../../src/multiOwner/test/multiOwnerClient.js'
import { createOwnerKey, type OwnerKey, stampAsOwner } from '../../src/multiOwner/test/ownerStamps.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTestServer, generateTestKey, type TestServer } from '../../src/test/createTestServer.js'

/**
 * Multi-owner organizations: three owners with a root quorum of 2. One owner must not sign, change
 * the quorum, add or remove owners alone; a vote counts once per quorum user; an owner of another
 * organization, a non-owner, another app and a replayed or stale stamped request get nowhere.
 */
describe.each(storeDialects)('multi-owner quorum on %s', (dialect) => {
  let server: TestServer
  let client: MultiOwnerClient
  let a: OwnerKey
  let b: OwnerKey
  let c: OwnerKey
  let orgId: string
  let wallet: `0x${string}`
  let ids: Record<string, string>
  const idOf = (owner: OwnerKey) => ids[owner.address.toLowerCase()]!
  const hash = (byte: string) => `0x${byte.repeat(32)}` as const
  /** The error code of a `/public/v1` answer (Turnkey's body: `details[].turnkeyErrorCode`). */
  const publicCode = (body: { details?: { turnkeyErrorCode?: string }[] }) =>
    body.details?.find((detail) => detail.turnkeyErrorCode)?.turnkeyErrorCode
  const statusOf = async (activityId: string) =>
    (
      await server.store.db
        .selectFrom('activities')
        .select('status')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status

  const countActivities = async (type?: string) => {
    let query = server.store.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', orgId)
    if (type) query = query.where('type', '=', type)
    return Number((await query.executeTakeFirstOrThrow()).count)
  }

  beforeAll(async () => {
    server = await createTestServer(dialect)
    client = createMultiOwnerClient(server)
  })
  afterAll(async () => {
    await server?.cleanup()
  })
  // A fresh organization of A, B and C with threshold 2 for each attack.
  beforeEach(async () => {
    ;[a, b, c] = [createOwnerKey(), createOwnerKey(), createOwnerKey()]
    const created = await client.create([a.address, b.address, c.address])
    expect(created.status).toBe(200)
    ;({ orgId, evmSignerAddress: wallet } = created.body.result)
    ids = await client.ownerIds(orgId)
    expect((await client.updateQuorum(a, orgId, 2, [idOf(a), idOf(b), idOf(c)])).status).toBe(200)
  })

  test('error: one owner signing alone gets no signature, however often it asks', async () => {
    const timestampMs = Date.now()
    const first = await client.signRaw(a, orgId, wallet, hash('11'), timestampMs)
    expect(first.status).toBe(400)
    expect(first.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    expect(first.body.data.activity.result).toEqual({})
    const replayed = await client.signRaw(a, orgId, wallet, hash('11'), timestampMs)
    expect(replayed.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    const fresh = await client.signRaw(a, orgId, wallet, hash('11'))
    expect(fresh.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    // Two pending activities, none completed.
    const rows = await server.store.db
      .selectFrom('activities')
      .select('status')
      .where('organization_id', '=', orgId)
      .where('type', '=', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')
      .execute()
    expect(rows.map((row) => row.status)).toEqual([
      'ACTIVITY_STATUS_CONSENSUS_NEEDED',
      'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    ])
  })

  test('error: the submitter approving its own activity, or approving twice, counts once', async () => {
    const pending = await client.signRaw(a, orgId, wallet, hash('22'))
    const { fingerprint } = pending.body.data.activity
    const own = await client.approve(a, orgId, fingerprint)
    expect(own.status).toBe(409)
    expect(publicCode(own.body)).toBe('ALREADY_VOTED')
    expect(await statusOf(pending.body.data.activity.id)).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED')

    const first = await client.approve(b, orgId, fingerprint)
    expect(first.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    // A second approval (a new stamp, or the same body replayed) changes nothing.
    const second = await client.approve(b, orgId, fingerprint)
    expect(second.status).toBe(400)
    expect(await countActivities('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).toBe(1)
    expect(await statusOf(pending.body.data.activity.id)).toBe('ACTIVITY_STATUS_COMPLETED')
  })

  test('error: a replayed approval is one vote, not the missing second one', async () => {
    // Threshold 3: A submits, B approves, B's approval body is replayed.
    expect((await client.updateQuorum(a, orgId, 3, [idOf(a), idOf(b), idOf(c)])).status).toBe(400)
    await client.approve(b, orgId, (await lastActivity('ACTIVITY_TYPE_UPDATE_ROOT_QUORUM')).fingerprint)
    expect((await client.quorumOf(orgId)).threshold).toBe(3)

    const pending = await client.signRaw(a, orgId, wallet, hash('33'))
    const { fingerprint } = pending.body.data.activity
    const approval = stampAsOwner(
      b,
      client.envelope('ACTIVITY_TYPE_APPROVE_ACTIVITY', orgId, { fingerprint }),
    )
    expect((await client.vote(approval)).body.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED')
    const replayed = await client.vote(approval)
    expect(replayed.status).toBe(409)
    expect(publicCode(replayed.body)).toBe('ALREADY_VOTED')
    const votes = await server.store.db
      .selectFrom('activity_votes')
      .select('user_id')
      .where('activity_id', '=', pending.body.data.activity.id)
      .execute()
    expect(votes.map((vote) => vote.user_id).sort()).toEqual([idOf(a), idOf(b)].sort())
    expect((await lastActivity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).status).toBe(
      'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    )
  })

  test("error: another organization's owner can neither approve nor act", async () => {
    const d = createOwnerKey()
    const other = (await client.create([d.address])).body.result
    const pending = await client.signRaw(a, orgId, wallet, hash('44'))
    const { fingerprint } = pending.body.data.activity

    const inTarget = await client.approve(d, orgId, fingerprint)
    expect(inTarget.status).toBe(403)
    expect(publicCode(inTarget.body)).toBe('NOT_AN_OWNER')
    const inOwn = await client.approve(d, other.orgId, fingerprint)
    expect(inOwn.status).toBe(404)
    expect(publicCode(inOwn.body)).toBe('ACTIVITY_NOT_FOUND')

    const signing = await client.signRaw(d, orgId, wallet, hash('44'))
    expect(signing.status).toBe(403)
    expect(signing.body.code).toBe('NOT_AN_OWNER')
    // D's own organization (threshold 1) cannot sign with A's wallet.
    const foreignWallet = await client.signRaw(d, other.orgId, wallet, hash('44'))
    expect(foreignWallet.status).toBeGreaterThanOrEqual(400)
    expect(foreignWallet.body.result).toBeUndefined()
    expect((await lastActivity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).status).toBe(
      'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    )
  })

  test('error: one owner cannot lower the quorum or remove the others alone', async () => {
    const lowered = await client.updateQuorum(a, orgId, 1, [idOf(a)])
    expect(lowered.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    expect(await client.quorumOf(orgId)).toEqual({ threshold: 2, userIds: [idOf(a), idOf(b), idOf(c)] })

    const prepared = await client.signer('/v1/multi-owner-prepare-delete', {
      organizationId: orgId,
      members: [{ evmSignerAddress: b.address }, { evmSignerAddress: c.address }],
    })
    expect(prepared.status).toBe(200)
    const { updateRootQuorumRequest, deleteMembersRequest } = prepared.body.result
    const shrink = await client.send(
      '/v1/multi-owner-update-root-quorum',
      stampAsOwner(a, updateRootQuorumRequest),
    )
    expect(shrink.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    const removal = await client.send('/v1/multi-owner-delete', stampAsOwner(a, deleteMembersRequest))
    expect(removal.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(3)

    // Even approved, deleting owners still in the quorum fails: the quorum must let them go first.
    const approved = await client.approve(b, orgId, removal.body.data.activity.fingerprint)
    expect(approved.body.activity.status).toBe('ACTIVITY_STATUS_FAILED')
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(3)
  })

  test('error: one owner cannot add an owner alone, and a new owner outside the quorum cannot vote', async () => {
    const e = createOwnerKey()
    const prepared = await client.signer('/v1/multi-owner-prepare-add', {
      organizationId: orgId,
      members: [{ evmSignerAddress: e.address }],
    })
    const adding = await client.send('/v1/multi-owner-add', stampAsOwner(a, prepared.body.result))
    expect(adding.body.code).toBe('ACTIVITY_CONSENSUS_NEEDED')
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(3)
    expect((await client.approve(b, orgId, adding.body.data.activity.fingerprint)).body.activity.status).toBe(
      'ACTIVITY_STATUS_COMPLETED',
    )
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(4)

    const pending = await client.signRaw(a, orgId, wallet, hash('55'))
    const byNewcomer = await client.approve(e, orgId, pending.body.data.activity.fingerprint)
    expect(byNewcomer.status).toBe(403)
    const submitted = await client.signRaw(e, orgId, wallet, hash('55'))
    expect(submitted.status).toBe(403)
  })

  test('error: two last approvals at once run the activity once', async () => {
    const e = createOwnerKey()
    const prepared = await client.signer('/v1/multi-owner-prepare-add', {
      organizationId: orgId,
      members: [{ evmSignerAddress: e.address }],
    })
    const adding = await client.send('/v1/multi-owner-add', stampAsOwner(a, prepared.body.result))
    const { fingerprint, id } = adding.body.data.activity
    const answers = await Promise.all([
      client.approve(b, orgId, fingerprint),
      client.approve(c, orgId, fingerprint),
    ])
    // Each answer is the completed activity, or (the other vote came first) "no longer waiting".
    expect(answers.some((answer) => answer.status === 200)).toBe(true)
    for (const answer of answers)
      if (answer.status === 200) expect(answer.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
      else expect(answer.status).toBe(400)
    expect(await statusOf(id)).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(Object.keys(await client.ownerIds(orgId))).toHaveLength(4)
    const users = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', orgId)
      .execute()
    expect(users).toHaveLength(4)
  })

  test('error: rejections the quorum cannot spare reject the activity for good', async () => {
    const timestampMs = Date.now()
    const pending = await client.signRaw(a, orgId, wallet, hash('66'), timestampMs)
    const { fingerprint } = pending.body.data.activity
    expect((await client.approve(b, orgId, fingerprint, true)).body.activity.status).toBe(
      'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    )
    expect((await client.approve(c, orgId, fingerprint, true)).body.activity.status).toBe(
      'ACTIVITY_STATUS_REJECTED',
    )
    // Approving afterwards changes nothing: the activity no longer waits for votes.
    const late = await client.approve(b, orgId, fingerprint)
    expect(late.status).toBe(400)
    expect(await statusOf(pending.body.data.activity.id)).toBe('ACTIVITY_STATUS_REJECTED')
    // The submitter asking again learns it was rejected.
    const asked = await client.signRaw(a, orgId, wallet, hash('66'), timestampMs)
    expect(asked.body.code).toBe('ACTIVITY_REJECTED')
  })

  test('error: a stamp that is not an owner EVM key, or over another body, is refused', async () => {
    const request = client.envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', orgId, {
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      payload: hash('77'),
      signWith: wallet,
    })
    const body = JSON.stringify(request)
    const p256 = await createApiKeyStamp({ body, privateKey: generateTestKey().privateKey })
    const withP256 = await client.send('/v1/multi-owner-sign-raw-payload', { body, stamp: p256, url: '' })
    expect(withP256.status).toBe(401)

    const stamped = stampAsOwner(a, request)
    const swapped = await client.send('/v1/multi-owner-sign-raw-payload', {
      ...stamped,
      body: body.replace(hash('77'), hash('78')),
    })
    expect(swapped.status).toBe(401)
    expect(await countActivities('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).toBe(0)
  })

  test('error: a stale stamped request is refused, and a replayed one never runs twice', async () => {
    const stale = await client.signRaw(a, orgId, wallet, hash('88'), Date.now() - 2 * 3_600_000)
    expect(stale.status).toBe(400)
    expect(stale.body.error).toBe('request timestampMs is outside the accepted window')
    expect(await countActivities('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).toBe(0)

    // Threshold back to 1 (A and B), then one completed signature replayed.
    const lowering = await client.updateQuorum(a, orgId, 1, [idOf(a), idOf(b)])
    await client.approve(c, orgId, lowering.body.data.activity.fingerprint)
    expect(await client.quorumOf(orgId)).toEqual({ threshold: 1, userIds: [idOf(a), idOf(b)] })
    const timestampMs = Date.now()
    const signed = await client.signRaw(a, orgId, wallet, hash('99'), timestampMs)
    expect(signed.status).toBe(200)
    const before = await countActivities()
    const replayed = await client.signRaw(a, orgId, wallet, hash('99'), timestampMs)
    expect(replayed.body).toEqual(signed.body)
    expect(await countActivities()).toBe(before)

    // A stamped request of an owner since removed from the quorum is refused.
    const byC = await client.signRaw(c, orgId, wallet, hash('99'))
    expect(byC.status).toBe(403)
  })

  test("error: another app's key cannot reach the organization", async () => {
    const otherApp = await createApp(server.store.db, {
      name: 'other app',
      origins: ['http://other.example'],
      now: Date.now(),
    })
    const other = createMultiOwnerClient(server, { authorization: `Bearer ${otherApp.apiKey}` })
    const prepared = await other.signer('/v1/multi-owner-prepare-add', {
      organizationId: orgId,
      members: [{ evmSignerAddress: createOwnerKey().address }],
    })
    expect(prepared.status).toBe(404)
    expect(prepared.body.code).toBe('MULTI_OWNER_NOT_FOUND')
    const signing = await other.signRaw(a, orgId, wallet, hash('aa'))
    expect(signing.status).toBe(404)
  })

  async function lastActivity(type: string) {
    const row = await server.store.db
      .selectFrom('activities')
      .select(['fingerprint', 'status'])
      .where('organization_id', '=', orgId)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    return row
  }
})
