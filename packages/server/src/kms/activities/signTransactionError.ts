import { ApiError } from '../../http/errors/ApiError.js'

/**
 * The 400 a `sign_transaction` request gets when its transaction cannot be signed as sent; the
 * reason is in the message, which is what Turnkey's clients show.
 *
 * @example
 * throw signTransactionError('TRANSACTION_TYPE_ETHEREUM: the transaction is already signed')
 */
export function signTransactionError(reason: string, cause?: unknown): ApiError {
  return new ApiError('INVALID_ARGUMENT', `invalid unsignedTransaction: ${reason}`, {
    errorCode: 'REQUEST_INVALID',
    cause,
  })
}
