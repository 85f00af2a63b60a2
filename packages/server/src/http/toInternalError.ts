import { signerErrorCodes } from '@sigil/protocol'
import type { Logger } from '../log/createLogger.js'
import { ApiError } from './errors/ApiError.js'

export type ToInternalErrorParameters = {
  logger: Logger
  requestId: string
  path: string
  error: unknown
}

/**
 * What a request that failed with an unexpected error is answered with: logs it by name and code only
 * (no message, which may hold SQL, and no stack) with the request id, and returns the `INTERNAL`
 * {@link ApiError} that names the id, so an operator can find the line.
 *
 * @example
 * const answer = error instanceof ApiError ? error : toInternalError({ logger, requestId, path, error })
 */
export function toInternalError({ logger, requestId, path, error }: ToInternalErrorParameters): ApiError {
  const raw = (error as { code?: unknown } | undefined)?.code
  const code = typeof raw === 'string' ? raw : undefined
  const name = error instanceof Error ? error.name : typeof error
  logger.error('internal error', { requestId, path, error: name, code })
  return new ApiError('INTERNAL', `internal error (request ${requestId})`, {
    errorCode: signerErrorCodes.INTERNAL,
  })
}
