import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/** The refusals of the account routes (`/v1/delete-account`, `/v1/export-account-data`). */
export const accountErrors = {
  freshSignInRequired: (maxAgeSeconds: number) =>
    new ApiError(
      'PERMISSION_DENIED',
      `sign in again to delete your account: the sign-in must be at most ${maxAgeSeconds / 60} minutes old`,
      { errorCode: signerErrorCodes.FRESH_SIGN_IN_REQUIRED },
    ),
  otherOwners: () =>
    new ApiError(
      'FAILED_PRECONDITION',
      'this wallet has other owners: remove them first, or ask them to delete it',
      { errorCode: signerErrorCodes.ACCOUNT_HAS_OTHER_OWNERS },
    ),
}
