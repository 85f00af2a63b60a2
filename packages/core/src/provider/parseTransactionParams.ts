import type { Address, Hex } from 'viem'
import { invalidParams } from './invalidParams.js'
import { paramsArray } from './paramsArray.js'
import { parseAddress } from './parseAddress.js'
import { parseChainId } from './parseChainId.js'
import { parseHexData } from './parseHexData.js'
import { parseQuantity } from './parseQuantity.js'

/** The fields of an `eth_sendTransaction` request the provider uses. */
export type ProviderTransaction = {
  from: Address | undefined
  to: Address
  data: Hex | undefined
  value: bigint | undefined
  chainId: number | undefined
  gas: bigint | undefined
}

/**
 * `eth_sendTransaction`'s params `[{ from?, to, data?, value?, gas?, chainId? }]` (quantities in hex). `to`
 * is required: contract creation is not sent by the provider. Fee and nonce fields are left to the wallet.
 *
 * @example
 * parseTransactionParams([{ to, value: '0x1' }]) // { to, value: 1n, … }
 */
export function parseTransactionParams(params: unknown): ProviderTransaction {
  const [request] = paramsArray('eth_sendTransaction', params, 1)
  if (typeof request !== 'object' || request === null)
    throw invalidParams('eth_sendTransaction: params[0] must be a transaction object')
  const { from, to, data, input, value, gas, chainId } = request as Record<string, unknown>
  if (to === undefined || to === null)
    throw invalidParams('eth_sendTransaction: `to` is required (the provider does not create contracts)')
  return {
    from: from === undefined ? undefined : parseAddress(from, 'eth_sendTransaction: from'),
    to: parseAddress(to, 'eth_sendTransaction: to'),
    data: parseHexData(data ?? input, 'eth_sendTransaction: data'),
    value: parseQuantity(value, 'eth_sendTransaction: value'),
    gas: parseQuantity(gas, 'eth_sendTransaction: gas'),
    chainId: chainId === undefined ? undefined : parseChainId(chainId, 'eth_sendTransaction: chainId'),
  }
}
