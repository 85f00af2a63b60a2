import { invalidParams } from './invalidParams.js'

/**
 * A request's `params` as the array JSON-RPC positional params are, at least `length` long; -32602
 * naming the method otherwise.
 *
 * @example
 * const [message, address] = paramsArray('personal_sign', params, 2)
 */
export function paramsArray(method: string, params: unknown, length: number): unknown[] {
  if (!Array.isArray(params) || params.length < length)
    throw invalidParams(`${method} takes ${length} positional param${length === 1 ? '' : 's'} (an array)`)
  return params
}
