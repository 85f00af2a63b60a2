import { type Address, decodeFunctionData, type Hex, parseAbi, slice } from 'viem'
import type { SigilAccountCalls } from './sigilAccountFactories.js'

/** LightAccount v1.1/v2 and MultiOwnerLightAccount: `execute` and two `executeBatch` forms. */
const lightAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(address[] dest, bytes[] func)',
])

/** MultiOwnerModularAccount and ModularAccountV2: `execute` and `executeBatch(Call[])`. */
const modularAccountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** Every form above together (and SimpleAccount's): what a caller that does not know the account reads. */
const anyAccountAbi = [...lightAccountAbi, modularAccountAbi[1]] as const

/** ModularAccountV2 `executeUserOp` prefix: the account's own call follows the 4 bytes. */
const executeUserOpSelector = '0x8dd7712f'

/**
 * The addresses an account's call data calls: `execute` (one target), each `executeBatch` form (every
 * target), behind MA v2's `executeUserOp` prefix too. `[]` for empty call data (a deploy-only
 * operation); `undefined` when the call data is none of these (the caller cannot tell what it calls).
 *
 * With `calls`, only the encodings that account type implements count (and the `executeUserOp`
 * prefix only for modular accounts): a selector it does not implement natively could reach a module
 * or fallback that does anything, so it is `undefined`. What the call does is only known for accounts
 * whose code is known (`assertKnownSender`).
 *
 * @example
 * decodeCallTargets(encodeFunctionData({ abi, functionName: 'execute', args: [to, 0n, '0x'] })) // [to]
 */
export function decodeCallTargets(callData: Hex, calls?: SigilAccountCalls): Address[] | undefined {
  if (callData === '0x') return []
  let data = callData
  if (data.slice(0, 10).toLowerCase() === executeUserOpSelector && calls !== 'light-account')
    data = slice(data, 4)
  const abi =
    calls === 'light-account'
      ? lightAccountAbi
      : calls === 'modular-account'
        ? modularAccountAbi
        : anyAccountAbi
  let decoded: ReturnType<typeof decodeFunctionData<typeof anyAccountAbi>>
  try {
    decoded = decodeFunctionData({ abi, data }) as typeof decoded
  } catch {
    return undefined
  }
  const lower = (address: Address) => address.toLowerCase() as Address
  if (decoded.functionName === 'execute') return [lower(decoded.args[0])]
  const [first] = decoded.args
  return first.map((entry) => lower(typeof entry === 'string' ? entry : entry.target))
}
