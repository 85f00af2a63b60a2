import { type Address, isAddress } from 'viem'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'

/** An EIP-7702 authorization ready for viem's `hashAuthorization`. */
export type ParseAuthorizationPayloadReturnType = {
  /** The contract the account delegates to. */
  address: Address
  /** 0 authorizes on every chain. */
  chainId: number
  nonce: number
}

const decimalInteger = /^(0|[1-9][0-9]*)$/
const hexInteger = /^0x[0-9a-fA-F]+$/

const invalid = (details: string, cause?: unknown) =>
  new InvalidPayloadEncodingError({ details: `PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: ${details}`, cause })

/**
 * Reads an EIP-7702 authorization payload, the JSON `{"address","chainId","nonce"}` that
 * `@turnkey/viem` `signAuthorization` sends (viem's `contractAddress` is accepted for `address`).
 * `chainId` and `nonce` may be JSON numbers, decimal strings or `0x` strings, and must be exact
 * non-negative integers. Throws {@link InvalidPayloadEncodingError}.
 *
 * @example
 * const authorization = parseAuthorizationPayload('{"address":"0x…","chainId":1,"nonce":0}')
 * const digest = hashAuthorization(authorization)
 */
export function parseAuthorizationPayload(payload: string): ParseAuthorizationPayloadReturnType {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch (cause) {
    throw invalid('the payload is not JSON', cause)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid('the payload is not a JSON object')
  const fields = parsed as Record<string, unknown>
  const { address = fields.contractAddress } = fields
  if (
    fields.address !== undefined &&
    fields.contractAddress !== undefined &&
    fields.address !== fields.contractAddress
  )
    throw invalid('"address" and "contractAddress" differ')
  if (typeof address !== 'string' || !isAddress(address))
    throw invalid('"address" must be a 20-byte 0x address (EIP-55 checksummed if mixed case)')
  return { address, chainId: toInteger(fields.chainId, 'chainId'), nonce: toInteger(fields.nonce, 'nonce') }
}

function toInteger(value: unknown, name: string): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && (decimalInteger.test(value) || hexInteger.test(value))
        ? Number(value)
        : Number.NaN
  if (!Number.isSafeInteger(number) || number < 0)
    throw invalid(`"${name}" must be a non-negative integer below 2^53 (a number, decimal or 0x string)`)
  return number
}
