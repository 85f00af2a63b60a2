import { encodeFunctionData, type Hex } from 'viem'
import { lightAccountAbi } from '../abis/lightAccountAbi.js'

export type AccountCall = { to: Hex; data?: Hex | undefined; value?: bigint | undefined }

/**
 * LightAccount and MultiOwnerLightAccount call data (docs/account-kit.md#smart-accounts): one call is
 * `execute(dest, value, func)` `0xb61d27f6`; several are `executeBatch(address[], uint256[], bytes[])`
 * `0x47e1da2a`.
 *
 * @example
 * encodeLightAccountCalls([{ to, value: 1n }]) // '0xb61d27f6…'
 */
export function encodeLightAccountCalls(calls: readonly AccountCall[]): Hex {
  const [first] = calls
  if (calls.length === 1 && first)
    return encodeFunctionData({
      abi: lightAccountAbi,
      functionName: 'execute',
      args: [first.to, first.value ?? 0n, first.data ?? '0x'],
    })
  return encodeFunctionData({
    abi: lightAccountAbi,
    functionName: 'executeBatch',
    args: [
      calls.map((call) => call.to),
      calls.map((call) => call.value ?? 0n),
      calls.map((call) => call.data ?? '0x'),
    ],
  })
}
