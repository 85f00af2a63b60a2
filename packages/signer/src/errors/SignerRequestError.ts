import { BaseError } from '@sigil/protocol'

/**
 * A non-OK answer of the sign-in service. Its message is the response text, exactly as the server
 * sent it (a JSON body such as `{"error":"invalid OTP code","code":"INVALID_OTP_CODE"}`), so a UI can
 * `JSON.parse(error.message)` as Account Kit UIs do.
 *
 * @example
 * try { await request(signer, '/v1/otp', body) } catch (e) { JSON.parse((e as SignerRequestError).message).error }
 */
export class SignerRequestError extends BaseError {
  override name = 'SignerRequestError' as const
  /** The HTTP status. */
  readonly status: number
  /** The route that failed, e.g. `/v1/otp`. */
  readonly route: string

  constructor(text: string, parameters: { status: number; route: string }) {
    super(text)
    this.status = parameters.status
    this.route = parameters.route
  }
}
