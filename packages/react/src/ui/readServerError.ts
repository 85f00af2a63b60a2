/** What a failed sign-in service call said: its `error` text, `code`, and HTTP status, when known. */
export type ServerError = { error: string | undefined; code: string | undefined; status: number | undefined }

/**
 * Reads the server's answer out of a failure: `SignerRequestError`'s message is the response body
 * (`{"error":"invalid OTP code","code":"INVALID_OTP_CODE"}`), its `status` the HTTP status. Follows
 * `cause` (an `MfaRequiredError` wraps the request error). Plain errors give their message as `error`.
 *
 * @example
 * readServerError(error).error === 'invalid OTP code'
 */
export function readServerError(failure: unknown): ServerError {
  let current: unknown = failure
  while (current instanceof Error) {
    const status = (current as { status?: unknown }).status
    if (current.name === 'SignerRequestError' && typeof status === 'number') {
      try {
        const body = JSON.parse(current.message) as { error?: unknown; code?: unknown } | null
        return {
          error: typeof body?.error === 'string' ? body.error : current.message,
          code: typeof body?.code === 'string' ? body.code : undefined,
          status,
        }
      } catch {
        return { error: current.message, code: undefined, status }
      }
    }
    current = current.cause
  }
  return { error: failure instanceof Error ? failure.message : undefined, code: undefined, status: undefined }
}
