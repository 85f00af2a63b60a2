import type { SignerErrorCode } from '@sigil/protocol'

/** What a failed sign-in call said: the server's `code` and `error` text, and the HTTP status. */
export type SignInErrorInfo = {
  /** The server's error code (`signerErrorCodes` of `@sigil/protocol`), e.g. `INVALID_OTP_CODE`. */
  code: SignerErrorCode | (string & {}) | undefined
  /** The server's `error` text, else the failure's message. */
  message: string | undefined
  status: number | undefined
}

/** The server's `{ error, code }` body out of a `SignerRequestError` message, when it is one. */
function parseBody(text: string): { error?: unknown; code?: unknown } | undefined {
  try {
    const body = JSON.parse(text) as unknown
    return body && typeof body === 'object' ? body : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads the sign-in service's answer out of a failure of a sign-in action: the `SignerRequestError`
 * in its `cause` chain (an `MfaRequiredError` wraps one) gives the server's `code`, its `error` text
 * and the HTTP status. Any other failure gives its message only. UIs branch on `code`.
 *
 * @example
 * if (readSignInError(error).code === 'INVALID_OTP_CODE') showWrongCode()
 */
export function readSignInError(failure: unknown): SignInErrorInfo {
  let current: unknown = failure
  while (current instanceof Error) {
    const { status, code } = current as { status?: unknown; code?: unknown }
    if (current.name === 'SignerRequestError' && typeof status === 'number') {
      const body = parseBody(current.message)
      const bodyCode = typeof body?.code === 'string' ? body.code : undefined
      return {
        code: typeof code === 'string' ? code : bodyCode,
        message: typeof body?.error === 'string' ? body.error : current.message,
        status,
      }
    }
    current = current.cause
  }
  return {
    code: undefined,
    message: failure instanceof Error ? failure.message : undefined,
    status: undefined,
  }
}
