import { signerErrorCodes } from '@sigil/protocol'
import type { z } from 'zod'
import { ApiError } from './errors/ApiError.js'

/**
 * Validates `value` with a zod schema; on failure throws a 400 {@link ApiError} whose message names
 * the first bad field and whose details list every violation.
 *
 * @example
 * const body = parseWith(whoamiSchema, json)
 */
export function parseWith<schema extends z.ZodType>(
  schema: schema,
  value: unknown,
  prefix = '',
): z.output<schema> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const fieldViolations = parsed.error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)',
    description: issue.message,
  }))
  const first = fieldViolations[0]!
  throw new ApiError('INVALID_ARGUMENT', `invalid request: ${first.field}: ${first.description}`, {
    errorCode: signerErrorCodes.REQUEST_INVALID,
    fieldViolations,
  })
}
