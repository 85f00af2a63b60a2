import type { Address, TypedDataDefinition } from 'viem'
import { invalidParams } from './invalidParams.js'
import { paramsArray } from './paramsArray.js'
import { parseAddress } from './parseAddress.js'

/**
 * `eth_signTypedData_v4`'s params `[address, typedData]`: the typed data as a JSON string (as viem, ethers
 * and MetaMask send it) or an object, with `types`, `primaryType`, `message` and an optional `domain`;
 * `types.EIP712Domain` is dropped (the domain's own fields define it).
 *
 * @example
 * parseTypedDataParams([account, JSON.stringify({ types, primaryType: 'Mail', domain, message })])
 */
export function parseTypedDataParams(params: unknown): { address: Address; typedData: TypedDataDefinition } {
  const [address, raw] = paramsArray('eth_signTypedData_v4', params, 2)
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      throw invalidParams('eth_signTypedData_v4: the typed data (params[1]) is not valid JSON')
    }
  }
  const { types, primaryType, domain, message } = (data ?? {}) as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string')
    throw invalidParams(
      'eth_signTypedData_v4: the typed data needs `types` (an object) and `primaryType` (a string)',
    )
  if (typeof message !== 'object' || message === null)
    throw invalidParams('eth_signTypedData_v4: the typed data needs `message` (an object)')
  const { EIP712Domain: _, ...ownTypes } = types as Record<string, unknown>
  return {
    address: parseAddress(address, 'eth_signTypedData_v4: the address (params[0])'),
    typedData: {
      types: ownTypes,
      primaryType,
      domain: (domain ?? {}) as never,
      message,
    } as TypedDataDefinition,
  }
}
