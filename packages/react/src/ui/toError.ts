/**
 * `error` as an Error: a thrown string or object becomes the message of one.
 *
 * @example
 * dispatch({ type: 'FAILED', error: toError(caught) })
 */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
