import { signerErrorCodes, type V1Activity } from '@sigil/protocol'
import { ApiError } from '../http/errors/ApiError.js'

/**
 * The errors of multi-owner organizations (docs/multi-owner.md), each with its `code`.
 *
 * @example
 * throw multiOwnerErrors.notAnOwner()
 */
export const multiOwnerErrors = {
  organizationNotFound: () =>
    new ApiError('NOT_FOUND', 'multi-owner organization not found', {
      errorCode: signerErrorCodes.MULTI_OWNER_NOT_FOUND,
    }),
  notAnOwner: () =>
    new ApiError('PERMISSION_DENIED', 'the stamp is not from an owner of this organization', {
      errorCode: signerErrorCodes.NOT_AN_OWNER,
    }),
  notInRootQuorum: () =>
    new ApiError('PERMISSION_DENIED', 'only users of the root quorum may submit or vote', {
      errorCode: signerErrorCodes.NOT_AN_OWNER,
    }),
  ownerExists: (address: string) =>
    new ApiError('ALREADY_EXISTS', `${address} is already an owner of this organization`, {
      errorCode: signerErrorCodes.OWNER_EXISTS,
    }),
  memberNotFound: (address: string) =>
    new ApiError('NOT_FOUND', `${address} is not an owner of this organization`, {
      errorCode: signerErrorCodes.NOT_AN_OWNER,
    }),
  invalidQuorum: (message: string) =>
    new ApiError('INVALID_ARGUMENT', message, { errorCode: signerErrorCodes.INVALID_QUORUM }),
  consensusNeeded: (activity: V1Activity) =>
    new ApiError('FAILED_PRECONDITION', 'this activity waits for approvals of the root quorum', {
      errorCode: signerErrorCodes.ACTIVITY_CONSENSUS_NEEDED,
      data: { activity },
    }),
  rejected: (activity: V1Activity) =>
    new ApiError('FAILED_PRECONDITION', 'the root quorum rejected this activity', {
      errorCode: signerErrorCodes.ACTIVITY_REJECTED,
      data: { activity },
    }),
  activityNotFound: () =>
    new ApiError('NOT_FOUND', 'no activity with this fingerprint in this organization', {
      errorCode: signerErrorCodes.ACTIVITY_NOT_FOUND,
    }),
  alreadyVoted: () =>
    new ApiError('ALREADY_EXISTS', 'this user already voted on this activity', {
      errorCode: signerErrorCodes.ALREADY_VOTED,
    }),
  notPending: (activity: V1Activity) =>
    new ApiError('FAILED_PRECONDITION', 'this activity is no longer waiting for votes', {
      errorCode: signerErrorCodes.REQUEST_INVALID,
      data: { activity },
    }),
  wrongType: (expected: readonly string[]) =>
    new ApiError('INVALID_ARGUMENT', `stampedRequest must be an ${expected.join(' or ')} request`, {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
}
