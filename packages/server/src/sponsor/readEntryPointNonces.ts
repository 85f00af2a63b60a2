import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'

/** `NonceManager.getNonce` of every EntryPoint version (v0.6, v0.7, v0.8). */
const getNonceAbi = parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256 nonce)'])

/** `eth_call`s in flight at once. */
const callsAtOnce = 16

export type ReadEntryPointNoncesParameters = {
  /** One JSON-RPC call to the chain's node. */
  call: (method: string, params: unknown) => Promise<unknown>
  entryPoint: Address
  /** The user operation nonces whose key (the high 192 bits) is read, each with its sender. */
  nonces: readonly { sender: Address; nonce: bigint }[]
  /** The block the nonces are read at (the one settlement searched events up to). */
  blockNumber: Hex
}

/**
 * The EntryPoint's next nonce of each (sender, key) among `nonces`, read at `blockNumber` (one
 * `eth_call` per distinct pair, 16 at a time); keyed `<lowercase sender>:<key>`. A user operation nonce below it was
 * used (by an operation, or by the sender calling `incrementNonce`), and no signature of it can run again.
 *
 * @example
 * const next = await readEntryPointNonces({ call, entryPoint, nonces: [{ sender, nonce: 3n }], blockNumber: '0x10' })
 * next.get(`${sender.toLowerCase()}:0`) // 4n once nonce 3 ran
 */
export async function readEntryPointNonces({
  call,
  entryPoint,
  nonces,
  blockNumber,
}: ReadEntryPointNoncesParameters): Promise<Map<string, bigint>> {
  const pairs = new Map<string, { sender: Address; key: bigint }>()
  for (const { sender, nonce } of nonces)
    pairs.set(`${sender.toLowerCase()}:${nonce >> 64n}`, { sender, key: nonce >> 64n })
  const next = new Map<string, bigint>()
  const entries = [...pairs]
  for (let start = 0; start < entries.length; start += callsAtOnce)
    await Promise.all(
      entries.slice(start, start + callsAtOnce).map(async ([id, { sender, key }]) => {
        const data = encodeFunctionData({ abi: getNonceAbi, functionName: 'getNonce', args: [sender, key] })
        const result = (await call('eth_call', [{ to: entryPoint, data }, blockNumber])) as Hex
        next.set(id, decodeFunctionResult({ abi: getNonceAbi, functionName: 'getNonce', data: result }))
      }),
    )
  return next
}
