import { encodeFunctionData, type Hex } from 'viem'
import { modularAccountAbi } from '../abis/modularAccountAbi.js'
import type { AccountCall } from './encodeLightAccountCalls.js'

/**
 * MA v1 and MA v2 call data (docs/account-kit.md#smart-accounts): one call is `execute(target, value, data)`
 * `0xb61d27f6`; several are `executeBatch((address,uint256,bytes)[])` `0x34fcd5be`.
 *
 * @example
 * encodeModularAccountCalls([{ to: a }, { to: b, value: 1n }]) // '0x34fcd5be…'
 */
export function encodeModularAccountCalls(calls: readonly AccountCall[]): Hex {
  const [first] = calls
  if (calls.length === 1 && first)
    return encodeFunctionData({
      abi: modularAccountAbi,
      functionName: 'execute',
      args: [first.to, first.value ?? 0n, first.data ?? '0x'],
    })
  return encodeFunctionData({
    abi: modularAccountAbi,
    functionName: 'executeBatch',
    args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
  })
}
