import { type Address, decodeFunctionData, type Hex, parseAbi, slice } from 'viem'

/** The account call encodings of reference §4.3 (LightAccount, MultiOwner, MA v1/v2, SimpleAccount). */
const accountCallAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] dest, bytes[] func)',
])

/** ModularAccountV2 `executeUserOp` prefix: the account's own call follows the 4 bytes. */
const executeUserOpSelector = '0x8dd7712f'

/**
 * The addresses an account's call data calls: `execute` (one target), each `executeBatch` form (every
 * target), behind MA v2's `executeUserOp` prefix too. `[]` for empty call data (a deploy-only
 * operation); `undefined` when the call data is none of these (the caller cannot tell what it calls).
 *
 * @example
 * decodeCallTargets(encodeFunctionData({ abi, functionName: 'execute', args: [to, 0n, '0x'] })) // [to]
 */
export function decodeCallTargets(callData: Hex): Address[] | undefined {
  if (callData === '0x') return []
  let data = callData
  if (data.slice(0, 10).toLowerCase() === executeUserOpSelector) data = slice(data, 4)
  let decoded: ReturnType<typeof decodeFunctionData<typeof accountCallAbi>>
  try {
    decoded = decodeFunctionData({ abi: accountCallAbi, data })
  } catch {
    return undefined
  }
  const lower = (address: Address) => address.toLowerCase() as Address
  if (decoded.functionName === 'execute') return [lower(decoded.args[0])]
  const [first] = decoded.args
  return first.map((entry) => lower(typeof entry === 'string' ? entry : entry.target))
}
