import { type Address, type Hex, hexToBigInt, numberToHex, pad, toEventSelector } from 'viem'

/** `UserOperationEvent` of every EntryPoint version (v0.6, v0.7, v0.8 emit the same event). */
export const userOperationEventTopic = toEventSelector(
  'UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/** Hashes or senders per `eth_getLogs` (one topic OR list). */
const valuesPerQuery = 100

/** One `UserOperationEvent` as settlement reads it (addresses and hash lowercase). */
export type OperationEvent = {
  userOperationHash: Hex
  sender: Address
  paymaster: Address
  nonce: bigint
  actualGasCost: bigint
}

export type FindOperationEventsParameters = {
  /** One JSON-RPC call to the chain's node. */
  call: (method: string, params: unknown) => Promise<unknown>
  entryPoint: Address
  /** Which indexed topic `values` are: the user operation hash (topic 1) or the sender (topic 2). */
  by: 'hash' | 'sender'
  /** Each value with the block its search starts from. */
  values: readonly { value: Hex; fromBlock: bigint }[]
  toBlock: Hex
}

/**
 * The EntryPoint's `UserOperationEvent`s whose user operation hash, or sender, is one of `values`
 * (topics: event, hash, sender, paymaster; data: nonce, success, actualGasCost, actualGasUsed). Asks
 * `eth_getLogs` once per 100 values, each an OR list of that topic, from the lowest start block among
 * them; removed (reorganized) logs are skipped.
 *
 * @example
 * const events = await findOperationEvents({ call, entryPoint, by: 'sender', values: [{ value: sender, fromBlock: 0n }], toBlock: '0x10' })
 */
export async function findOperationEvents({
  call,
  entryPoint,
  by,
  values,
  toBlock,
}: FindOperationEventsParameters): Promise<OperationEvent[]> {
  const events: OperationEvent[] = []
  for (let start = 0; start < values.length; start += valuesPerQuery) {
    const chunk = values.slice(start, start + valuesPerQuery)
    const fromBlock = chunk.reduce(
      (lowest, each) => (each.fromBlock < lowest ? each.fromBlock : lowest),
      chunk[0]!.fromBlock,
    )
    const topic = chunk.map(({ value }) => (by === 'hash' ? value : pad(value, { size: 32 })))
    const logs = (await call('eth_getLogs', [
      {
        address: entryPoint,
        topics: by === 'hash' ? [userOperationEventTopic, topic] : [userOperationEventTopic, null, topic],
        fromBlock: numberToHex(fromBlock),
        toBlock,
      },
    ])) as { topics: Hex[]; data: Hex; removed?: boolean }[]
    for (const log of logs) {
      const [, hash, sender, paymaster] = log.topics
      if (!hash || !sender || !paymaster || log.removed || log.data.length < 2 + 64 * 4) continue
      const word = (index: number) => hexToBigInt(`0x${log.data.slice(2 + 64 * index, 2 + 64 * (index + 1))}`)
      events.push({
        userOperationHash: hash.toLowerCase() as Hex,
        sender: `0x${sender.slice(-40).toLowerCase()}`,
        paymaster: `0x${paymaster.slice(-40).toLowerCase()}`,
        nonce: word(0),
        actualGasCost: word(2),
      })
    }
  }
  return events
}
