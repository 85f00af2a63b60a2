import { decodeFunctionData, type Hex } from 'viem'
import { modularAccountAbi } from '../abis/modularAccountAbi.js'
import { AccountsError } from '../errors/AccountsError.js'
import type { AccountCall } from './encodeLightAccountCalls.js'

/**
 * The calls inside MA v1 / MA v2 call data (`execute`, `executeBatch`).
 *
 * @example
 * decodeModularAccountCalls(encodeModularAccountCalls(calls)) // calls
 */
export function decodeModularAccountCalls(data: Hex): AccountCall[] {
  const decoded = decodeFunctionData({ abi: modularAccountAbi, data })
  if (decoded.functionName === 'execute') {
    const [to, value, callData] = decoded.args
    return [{ to, value, data: callData }]
  }
  if (decoded.functionName === 'executeBatch')
    return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }))
  throw new AccountsError(`Cannot decode calls of ${decoded.functionName}`)
}
