import { type Address, BundleTooLargeError, type Hex } from 'viem'
import { invalidParams } from './invalidParams.js'
import { paramsArray } from './paramsArray.js'
import { parseAddress } from './parseAddress.js'
import { parseChainId } from './parseChainId.js'
import { parseHexData } from './parseHexData.js'
import { parseQuantity } from './parseQuantity.js'

/** A capability named in a `wallet_sendCalls` request (top level or on a call), and whether it is optional. */
export type RequestedCapability = { name: string; optional: boolean; value: Record<string, unknown> }

/** A `wallet_sendCalls` request as the provider uses it. */
export type SendCallsRequest = {
  id: string | undefined
  chainId: number
  from: Address | undefined
  atomicRequired: boolean
  calls: { to: Address; data: Hex | undefined; value: bigint | undefined }[]
  capabilities: RequestedCapability[]
}

/**
 * `wallet_sendCalls`' params in the ERC-5792 v2 request format: `[{ version: '2.0.0', id?, chainId, from?,
 * atomicRequired, calls: [{ to, data?, value?, capabilities? }], capabilities? }]`. Each call needs `to`; an
 * `id` is a string of at most 4096 characters; more than `maxCalls` calls is 5740; other rule breaks -32602.
 *
 * @example
 * parseSendCallsParams([{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to }] }], 100)
 */
export function parseSendCallsParams(params: unknown, maxCalls: number): SendCallsRequest {
  const [request] = paramsArray('wallet_sendCalls', params, 1)
  if (typeof request !== 'object' || request === null)
    throw invalidParams('wallet_sendCalls: params[0] must be the request object')
  const { version, id, chainId, from, atomicRequired, calls, capabilities } = request as Record<
    string,
    unknown
  >
  if (version !== '2.0.0')
    throw invalidParams(
      `wallet_sendCalls: version must be "2.0.0" (ERC-5792 v2), got ${JSON.stringify(version)}`,
    )
  if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 4096))
    throw invalidParams('wallet_sendCalls: id must be a string of 1 to 4096 characters')
  if (typeof atomicRequired !== 'boolean')
    throw invalidParams('wallet_sendCalls: atomicRequired (a boolean) is required')
  if (!Array.isArray(calls) || calls.length === 0)
    throw invalidParams('wallet_sendCalls: calls must be a non-empty array')
  if (calls.length > maxCalls)
    throw new BundleTooLargeError(
      new Error(`wallet_sendCalls: ${calls.length} calls, at most ${maxCalls} in a bundle`),
    )
  const requested = [...toCapabilities(capabilities, 'capabilities')]
  const parsed = calls.map((call: unknown, index) => {
    const field = `wallet_sendCalls: calls[${index}]`
    if (typeof call !== 'object' || call === null) throw invalidParams(`${field} must be an object`)
    const { to, data, value, capabilities: own } = call as Record<string, unknown>
    requested.push(...toCapabilities(own, `${field}.capabilities`))
    return {
      to: parseAddress(to, `${field}.to`),
      data: parseHexData(data, `${field}.data`),
      value: parseQuantity(value, `${field}.value`),
    }
  })
  return {
    id,
    chainId: parseChainId(chainId, 'wallet_sendCalls: chainId'),
    from: from === undefined ? undefined : parseAddress(from, 'wallet_sendCalls: from'),
    atomicRequired,
    calls: parsed,
    capabilities: requested,
  }
}

function toCapabilities(value: unknown, field: string): RequestedCapability[] {
  if (value === undefined || value === null) return []
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`${field} must be an object`)
  return Object.entries(value as Record<string, unknown>).map(([name, each]) => {
    if (typeof each !== 'object' || each === null || Array.isArray(each))
      throw invalidParams(`${field}.${name} must be an object`)
    const options = each as Record<string, unknown>
    return { name, optional: options.optional === true, value: options }
  })
}
