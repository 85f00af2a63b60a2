import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/** The errors of the sign-in method routes (`/v1/list-auth-methods`, `/v1/add-oauth-provider`, …). */
export const authMethodErrors = {
  wrongActivityType: (type: string) =>
    new ApiError('INVALID_ARGUMENT', `stampedRequest must be an ${type} request`, {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
  wrongMarker: (marker: string) =>
    new ApiError('INVALID_ARGUMENT', `stampedRequest parameters.payload must be the marker ${marker}`, {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
  notOwnCredential: () =>
    new ApiError('PERMISSION_DENIED', "sign-in methods can only be managed with the user's own credential", {
      errorCode: signerErrorCodes.FORBIDDEN,
    }),
  otherUser: () =>
    new ApiError('PERMISSION_DENIED', 'parameters.userId must be the user of the stamp', {
      errorCode: signerErrorCodes.FORBIDDEN,
    }),
  organizationNotFound: () =>
    new ApiError('NOT_FOUND', 'organization not found', {
      errorCode: signerErrorCodes.ORGANIZATION_NOT_FOUND,
    }),
  linkTokenInvalid: () =>
    new ApiError(
      'UNAUTHENTICATED',
      'this ID token was not fetched for this app by its OAuth sign-in, or was already used or expired; sign in with the provider again',
      { errorCode: signerErrorCodes.OAUTH_LINK_TOKEN_INVALID },
    ),
  identityTaken: () =>
    new ApiError(
      'ALREADY_EXISTS',
      'another account of this app already signs in with this provider account',
      {
        errorCode: signerErrorCodes.OAUTH_IDENTITY_TAKEN,
      },
    ),
  providerNotLinked: () =>
    new ApiError('NOT_FOUND', 'no such provider is linked to this user', {
      errorCode: signerErrorCodes.OAUTH_PROVIDER_NOT_LINKED,
    }),
  lastSignInMethod: () =>
    new ApiError(
      'FAILED_PRECONDITION',
      'this is the last way to sign in to this account; add another one first',
      {
        errorCode: signerErrorCodes.LAST_SIGN_IN_METHOD,
      },
    ),
  exportNotFound: () =>
    new ApiError('NOT_FOUND', 'no recent export of this account was found', {
      errorCode: signerErrorCodes.KEY_EXPORT_NOT_FOUND,
    }),
}
