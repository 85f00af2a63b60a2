import type { SignerClient } from '../client/SignerClient.js'
import { toErrorInfo } from '../store/toErrorInfo.js'
import { signerStatus } from '../types.js'

/**
 * Runs a sign-in step and records its failure: the error becomes the state's `{name, message}` and
 * the status DISCONNECTED, except for OAuth (`keepStatus`), which leaves the status as it is. The
 * step may throw synchronously (popup OAuth opens its popup inside the click); that is caught too.
 *
 * @example
 * return catchAuthenticationError(client, { keepStatus: false }, () => submitOtpCode(client, parameters))
 */
export function catchAuthenticationError<TResult>(
  client: SignerClient,
  { keepStatus }: { keepStatus: boolean },
  run: () => Promise<TResult>,
): Promise<TResult> {
  let result: Promise<TResult>
  try {
    result = run()
  } catch (error) {
    result = Promise.reject(error)
  }
  return result.catch((error: unknown) => {
    client.store.setState({
      error: toErrorInfo(error),
      ...(keepStatus ? {} : { status: signerStatus.DISCONNECTED }),
    })
    throw error
  })
}
