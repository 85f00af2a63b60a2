import { decodeFunctionData, type Hex } from 'viem'
import { lightAccountAbi } from '../abis/lightAccountAbi.js'
import { AccountsError } from '../errors/AccountsError.js'
import type { AccountCall } from './encodeLightAccountCalls.js'

/**
 * The calls inside LightAccount call data: `execute` and both `executeBatch` variants.
 *
 * @example
 * decodeLightAccountCalls(encodeLightAccountCalls(calls)) // calls
 */
export function decodeLightAccountCalls(data: Hex): AccountCall[] {
  const decoded = decodeFunctionData({ abi: lightAccountAbi, data })
  if (decoded.functionName === 'execute') {
    const [to, value, callData] = decoded.args
    return [{ to, value, data: callData }]
  }
  if (decoded.functionName === 'executeBatch') {
    if (decoded.args.length === 3) {
      const [targets, values, datas] = decoded.args
      return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
    }
    const [targets, datas] = decoded.args
    return targets.map((to, i) => ({ to, value: 0n, data: datas[i] ?? '0x' }))
  }
  throw new AccountsError(`Cannot decode calls of ${decoded.functionName}`)
}
