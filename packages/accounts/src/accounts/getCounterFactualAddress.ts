import {
  type Address,
  type Client,
  concat,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  isHex,
  parseAbi,
  zeroAddress,
} from 'viem'
import { GetCounterFactualAddressError } from '../errors/GetCounterFactualAddressError.js'
import { InvalidRpcUrlError } from '../errors/InvalidRpcUrlError.js'

const getSenderAddressAbi = parseAbi([
  'function getSenderAddress(bytes initCode)',
  'error SenderAddressResult(address sender)',
])

export type GetCounterFactualAddressParameters = {
  /** The EntryPoint (v0.6 or v0.7) the account runs on. */
  entryPointAddress: Address
  factory: Address
  factoryData: Hex
}

/**
 * The address an account will have once `factory` deploys it with `factoryData`: simulates
 * `EntryPoint.getSenderAddress(factory ‖ factoryData)` (one attempt, no retries) and reads the
 * `SenderAddressResult(address)` revert (docs/account-kit.md#smart-accounts). Throws `InvalidRpcUrlError` when the
 * client's URL is not a URL and `GetCounterFactualAddressError` for every other failure, including
 * a zero address (a factory with no code on the chain).
 *
 * @example
 * const address = await getCounterFactualAddress(client, { entryPointAddress, factory, factoryData })
 */
export async function getCounterFactualAddress(
  client: Client,
  { entryPointAddress, factory, factoryData }: GetCounterFactualAddressParameters,
): Promise<Address> {
  const data = encodeFunctionData({
    abi: getSenderAddressAbi,
    functionName: 'getSenderAddress',
    args: [concat([factory, factoryData])],
  })
  let failure: unknown
  try {
    await client.request(
      { method: 'eth_call', params: [{ to: entryPointAddress, data }, 'latest'] },
      { retryCount: 0 },
    )
  } catch (error) {
    failure = error
    const revertData = findRevertData(error)
    if (revertData) {
      try {
        const decoded = decodeErrorResult({ abi: getSenderAddressAbi, data: revertData })
        // A factory without code "creates" address 0: no account will ever be there.
        if (decoded.errorName === 'SenderAddressResult' && decoded.args[0] !== zeroAddress)
          return decoded.args[0]
      } catch {
        // Another revert (e.g. the factory reverted): reported below.
      }
    }
    if (isInvalidUrl(error)) throw new InvalidRpcUrlError({ cause: error })
  }
  throw new GetCounterFactualAddressError({ cause: failure })
}

/** The revert bytes a node put in a JSON-RPC error (`error.data`), wherever viem wrapped it. */
function findRevertData(error: unknown): Hex | undefined {
  let current: unknown = error
  while (current && typeof current === 'object') {
    const data = (current as { data?: unknown }).data
    if (typeof data === 'string' && isHex(data) && data.length >= 10) return data
    if (data && typeof data === 'object' && isHex((data as { data?: unknown }).data))
      return (data as { data: Hex }).data
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function isInvalidUrl(error: unknown): boolean {
  let current: unknown = error
  while (current && typeof current === 'object') {
    const { details, message } = current as { details?: unknown; message?: unknown }
    if (details === 'Invalid URL') return true
    if (typeof message === 'string' && /Invalid URL|Failed to parse URL/.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
