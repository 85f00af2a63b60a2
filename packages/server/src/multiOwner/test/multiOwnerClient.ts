import type { StampedRequest } from '@sigil/protocol'
import type { TestServer } from '../../test/createTestServer.js'
import { type OwnerKey, stampAsOwner } from './ownerStamps.js'

export type MultiOwnerClient = ReturnType<typeof createMultiOwnerClient>

/**
 * Calls of the multi-owner routes for tests, through `app.request()`: the `/signer` routes with the
 * test app's key, and the votes of `/public/v1`.
 */
export function createMultiOwnerClient(server: TestServer, headers?: Record<string, string>) {
  const json = async (response: Response) => ({
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whichever answer the route gave.
    body: (await response.json()) as any,
  })
  const signer = async (path: string, body: unknown) => json(await server.signer(path, body, headers))
  const envelope = (type: string, organizationId: string, parameters: unknown, timestampMs = Date.now()) => ({
    type,
    timestampMs: String(timestampMs),
    organizationId,
    parameters,
  })
  return {
    signer,
    envelope,
    create: (addresses: string[]) =>
      signer('/v1/multi-owner-create', {
        members: addresses.map((evmSignerAddress) => ({ evmSignerAddress })),
      }),
    send: (path: string, stampedRequest: StampedRequest) => signer(path, { stampedRequest }),
    signRaw: (
      owner: OwnerKey,
      organizationId: string,
      signWith: string,
      payload: `0x${string}`,
      timestampMs?: number,
    ) =>
      signer('/v1/multi-owner-sign-raw-payload', {
        stampedRequest: stampAsOwner(
          owner,
          envelope(
            'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
            organizationId,
            {
              encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
              hashFunction: 'HASH_FUNCTION_NO_OP',
              payload,
              signWith,
            },
            timestampMs,
          ),
        ),
      }),
    updateQuorum: (owner: OwnerKey, organizationId: string, threshold: number, userIds: string[]) =>
      signer('/v1/multi-owner-update-root-quorum', {
        stampedRequest: stampAsOwner(
          owner,
          envelope('ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', organizationId, { threshold, userIds }),
        ),
      }),
    /** Posts a stamped vote body to `/public/v1/submit/<path>`. */
    vote: async (stampedRequest: StampedRequest, path = 'approve_activity') =>
      json(
        await server.app.request(`/public/v1/submit/${path}`, {
          method: 'POST',
          body: stampedRequest.body,
          headers: {
            'content-type': 'application/json',
            [stampedRequest.stamp.stampHeaderName]: stampedRequest.stamp.stampHeaderValue,
          },
        }),
      ),
    /** An owner's approval (or rejection) of the activity with `fingerprint`, freshly stamped. */
    async approve(owner: OwnerKey, organizationId: string, fingerprint: string, reject = false) {
      const type = reject ? 'ACTIVITY_TYPE_REJECT_ACTIVITY' : 'ACTIVITY_TYPE_APPROVE_ACTIVITY'
      return this.vote(
        stampAsOwner(owner, envelope(type, organizationId, { fingerprint })),
        reject ? 'reject_activity' : 'approve_activity',
      )
    },
    /** The root quorum and owners as stored. */
    async quorumOf(organizationId: string) {
      const organization = await server.store.db
        .selectFrom('organizations')
        .select(['root_quorum_threshold', 'root_user_ids'])
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow()
      return {
        threshold: Number(organization.root_quorum_threshold),
        userIds: JSON.parse(organization.root_user_ids) as string[],
      }
    },
    async ownerIds(organizationId: string) {
      const rows = await server.store.db
        .selectFrom('multi_owner_members')
        .select(['user_id', 'evm_signer_address'])
        .where('organization_id', '=', organizationId)
        .execute()
      return Object.fromEntries(rows.map((row) => [row.evm_signer_address, row.user_id])) as Record<
        string,
        string
      >
    },
  }
}
