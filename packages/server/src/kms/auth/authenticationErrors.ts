import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/** Turnkey's error texts (docs/protocol.md#activities), so clients that match on them keep working. */
export const authenticationErrors = {
  missingStamp: () =>
    new ApiError(
      'UNAUTHENTICATED',
      'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
      { errorCode: signerErrorCodes.SIGNATURE_MISSING },
    ),
  malformedStamp: (details: string | undefined, cause?: unknown) =>
    new ApiError('UNAUTHENTICATED', 'malformed activity stamp', {
      errorCode: signerErrorCodes.SIGNATURE_INVALID,
      details,
      cause,
    }),
  publicKeyNotFound: () =>
    new ApiError('UNAUTHENTICATED', 'could not find public key in organization or its parent organization', {
      errorCode: signerErrorCodes.PUBLIC_KEY_NOT_FOUND,
    }),
  credentialNotFound: () =>
    new ApiError(
      'UNAUTHENTICATED',
      'credential ID could not be found in organization or its parent organization',
      {
        errorCode: signerErrorCodes.CREDENTIAL_NOT_FOUND,
      },
    ),
  badApiKeySignature: () =>
    new ApiError('UNAUTHENTICATED', 'could not verify api key signature', {
      errorCode: signerErrorCodes.SIGNATURE_INVALID,
    }),
  badWebauthnSignature: (details?: string) =>
    new ApiError('UNAUTHENTICATED', 'could not verify WebAuthN signature', {
      errorCode: signerErrorCodes.SIGNATURE_INVALID,
      details,
    }),
  /** A credential stored more than once (impossible under migration 0007's unique indexes); Turnkey's text. */
  ambiguousCredential: () =>
    new ApiError('UNAUTHENTICATED', 'more than one suborg associated with a credential ID / public key', {
      errorCode: signerErrorCodes.CREDENTIAL_CONFLICT,
    }),
  expiredApiKey: () =>
    new ApiError('UNAUTHENTICATED', 'expired api key', { errorCode: signerErrorCodes.API_KEY_EXPIRED }),
  organizationNotFound: (organizationId: string) =>
    new ApiError('NOT_FOUND', `organization not found: ${organizationId}`, {
      errorCode: signerErrorCodes.ORGANIZATION_NOT_FOUND,
    }),
  organizationMismatch: (target: string, actual: string) =>
    new ApiError(
      'PERMISSION_DENIED',
      `organization mismatch: request is targeting organization (${target}), but voters are in organization (${actual})`,
      { errorCode: signerErrorCodes.ORGANIZATION_MISMATCH },
    ),
  staleTimestamp: (details: string) =>
    new ApiError('INVALID_ARGUMENT', 'request timestampMs is outside the accepted window', {
      errorCode: signerErrorCodes.REQUEST_INVALID,
      details,
    }),
  /** A passkey without the user-verified flag, for a user with two-factor sign-in (see `requirePasskeyUserVerification`). */
  passkeyNotUserVerified: () =>
    new ApiError(
      'UNAUTHENTICATED',
      'this user has two-factor sign-in: the passkey must verify the user (PIN or biometrics)',
      { errorCode: signerErrorCodes.PASSKEY_USER_VERIFICATION_REQUIRED },
    ),
}
