import type { ErrorInfo } from '../types.js'

/**
 * What the state keeps of a failed authentication: `{name, message}`, with the fallback
 * `'Unknown error'` for something that is not an Error.
 *
 * @example
 * toErrorInfo(new Error('boom')) // { name: 'Error', message: 'boom' }
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: 'Unknown error' }
}
