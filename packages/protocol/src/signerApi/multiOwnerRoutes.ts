import type { StampedRequest } from './StampedRequest.js'

/** An owner of a multi-owner organization: the EVM address whose signatures stamp its requests. */
export type MultiOwnerMember = { evmSignerAddress: `0x${string}` }

/** Turnkey's `v1CreateUsersRequest`, as `/v1/multi-owner-prepare-add` prepares it for the owner to stamp. */
export type CreateUsersRequest = {
  type: 'ACTIVITY_TYPE_CREATE_USERS_V3' | 'ACTIVITY_TYPE_CREATE_USERS_V4'
  timestampMs: string
  organizationId: string
  parameters: {
    users: {
      userName: string
      userEmail?: string | undefined
      userPhoneNumber?: string | undefined
      apiKeys: unknown[]
      authenticators: unknown[]
      oauthProviders: unknown[]
      userTags: string[]
    }[]
  }
  generateAppProofs?: boolean | undefined
}

/** Turnkey's `v1UpdateRootQuorumRequest`: the new threshold and the user ids of the quorum. */
export type UpdateRootQuorumRequest = {
  type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM'
  timestampMs: string
  organizationId: string
  parameters: { threshold: number; userIds: string[] }
  generateAppProofs?: boolean | undefined
}

/** Turnkey's `v1DeleteUsersRequest`. */
export type DeleteUsersRequest = {
  type: 'ACTIVITY_TYPE_DELETE_USERS'
  timestampMs: string
  organizationId: string
  parameters: { userIds: string[] }
  generateAppProofs?: boolean | undefined
}

/** Turnkey's `v1SignRawPayloadResult`: hex r and s without `0x`, `v` the y parity (`00` or `01`). */
export type SignRawPayloadResult = { r: string; s: string; v: string }

/**
 * The multi-owner routes of Account Kit 4.88 (docs/multi-owner.md): organizations with several
 * owners and a root quorum. Requests an owner signs are stamped with the owner's EVM key
 * (`SIGNATURE_SCHEME_TK_API_SECP256K1`, the public key recovered from an Ethereum signature).
 */
export type MultiOwnerRoutes = {
  '/v1/multi-owner-create': {
    body: { members: MultiOwnerMember[] }
    response: {
      result: { orgId: string; evmSignerAddress: `0x${string}`; members: MultiOwnerMember[] }
    }
  }
  '/v1/multi-owner-prepare-add': {
    body: { organizationId: string; members: MultiOwnerMember[] }
    response: { result: CreateUsersRequest }
  }
  '/v1/multi-owner-add': {
    body: { stampedRequest: StampedRequest }
    response: { result: { members: MultiOwnerMember[]; updateRootQuorumRequest: UpdateRootQuorumRequest } }
  }
  '/v1/multi-owner-update-root-quorum': {
    body: { stampedRequest: StampedRequest }
    response: { result: Record<string, unknown> }
  }
  '/v1/multi-owner-sign-raw-payload': {
    body: { stampedRequest: StampedRequest }
    response: { result: { signRawPayloadResult: SignRawPayloadResult } }
  }
  '/v1/multi-owner-prepare-delete': {
    body: { organizationId: string; members: MultiOwnerMember[] }
    response: {
      result: { updateRootQuorumRequest: UpdateRootQuorumRequest; deleteMembersRequest: DeleteUsersRequest }
    }
  }
  '/v1/multi-owner-delete': {
    body: { stampedRequest: StampedRequest }
    response: { result: { deletedUserIds: string[] } }
  }
}

/** Every path of {@link MultiOwnerRoutes}, checked complete by the compiler. */
export const multiOwnerRoutePathSet: { [path in keyof MultiOwnerRoutes]: true } = {
  '/v1/multi-owner-create': true,
  '/v1/multi-owner-prepare-add': true,
  '/v1/multi-owner-add': true,
  '/v1/multi-owner-update-root-quorum': true,
  '/v1/multi-owner-sign-raw-payload': true,
  '/v1/multi-owner-prepare-delete': true,
  '/v1/multi-owner-delete': true,
}

/**
 * The `code`s of multi-owner errors (`{ error, code }`), part of `signerErrorCodes`.
 * `ACTIVITY_CONSENSUS_NEEDED` carries `data.activity`: the pending activity, whose `fingerprint` the
 * other owners approve with `/public/v1/submit/approve_activity`.
 */
export const multiOwnerErrorCodes = {
  MULTI_OWNER_NOT_FOUND: 'MULTI_OWNER_NOT_FOUND',
  NOT_AN_OWNER: 'NOT_AN_OWNER',
  OWNER_EXISTS: 'OWNER_EXISTS',
  ACTIVITY_CONSENSUS_NEEDED: 'ACTIVITY_CONSENSUS_NEEDED',
  ACTIVITY_REJECTED: 'ACTIVITY_REJECTED',
  ACTIVITY_NOT_FOUND: 'ACTIVITY_NOT_FOUND',
  ALREADY_VOTED: 'ALREADY_VOTED',
  INVALID_QUORUM: 'INVALID_QUORUM',
} as const
