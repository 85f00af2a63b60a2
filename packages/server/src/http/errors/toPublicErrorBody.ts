import type { PublicApiErrorBody } from '@sigil/protocol'
import { type ApiError, grpcCodes } from './ApiError.js'

/**
 * Renders an {@link ApiError} as the `/public/v1` error body (grpc-gateway `rpcStatus`), plus
 * `error` with the same text so generic clients reading `{ error, code }` get a message too.
 *
 * @example
 * toPublicErrorBody(new ApiError('NOT_FOUND', 'wallet not found', { errorCode: 'NOT_FOUND' }))
 * // { code: 5, message: 'wallet not found', error: 'wallet not found', details: [...] }
 */
export function toPublicErrorBody(error: ApiError): PublicApiErrorBody {
  const details: PublicApiErrorBody['details'] = [
    { '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode: error.errorCode },
  ]
  if (error.fieldViolations?.length)
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: error.fieldViolations,
    })
  return { code: grpcCodes[error.grpc].code, message: error.shortMessage, details, error: error.shortMessage }
}
