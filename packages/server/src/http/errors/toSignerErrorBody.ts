import type { ApiError } from './ApiError.js'

export type SignerErrorBody = {
  error: string
  code: string
  data?: Record<string, unknown>
  details?: { field: string; description: string }[]
}

/**
 * Renders an {@link ApiError} as a `/signer` error body: `{ error, code }` plus `data` (e.g.
 * `data.multiFactors` when a second factor is required) and field details for bad input. Clients
 * match on `error` texts such as `invalid OTP code` and `Invalid MFA code`.
 *
 * @example
 * toSignerErrorBody(new ApiError('INVALID_ARGUMENT', 'invalid OTP code', { errorCode: 'INVALID_OTP_CODE' }))
 * // { error: 'invalid OTP code', code: 'INVALID_OTP_CODE' }
 */
export function toSignerErrorBody(error: ApiError): SignerErrorBody {
  const body: SignerErrorBody = { error: error.shortMessage, code: error.errorCode }
  if (error.data) body.data = error.data
  if (error.fieldViolations?.length) body.details = error.fieldViolations
  return body
}
