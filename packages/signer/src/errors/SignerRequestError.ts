import { BaseError, type SignerErrorCode } from '@sigil/protocol'

/**
 * A non-OK answer of the sign-in service. Its message is the response text, exactly as the server
 * sent it (a JSON body such as `{"error":"invalid OTP code","code":"INVALID_OTP_CODE"}`), so a UI can
 * `JSON.parse(error.message)` as Account Kit UIs do. Match on `code` (one of protocol's
 * `signerErrorCodes`, read once from the body by `request`), never on the text.
 *
 * @example
 * try { await request(signer, '/v1/otp', body) } catch (e) { if ((e as SignerRequestError).code === 'INVALID_OTP_CODE') showRetry() }
 */
export class SignerRequestError extends BaseError {
  override name = 'SignerRequestError' as const
  /** The HTTP status. */
  readonly status: number
  /** The route that failed, e.g. `/v1/otp`. */
  readonly route: string
  /** The body's `code`, when it is a `{ error, code }` JSON body. */
  readonly code: SignerErrorCode | (string & {}) | undefined

  constructor(
    text: string,
    parameters: { status: number; route: string; code?: SignerErrorCode | (string & {}) | undefined },
  ) {
    super(text)
    this.status = parameters.status
    this.route = parameters.route
    this.code = parameters.code
  }
}
