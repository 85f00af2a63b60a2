import type { TypedDataDefinition } from 'viem'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'

type Field = { name: string; type: string }
type Struct = Record<string, unknown>

/** EIP-712 typed data ready for viem's `hashTypedData`: integer fields are `bigint`. */
export type ParseTypedDataPayloadReturnType = TypedDataDefinition

/** The EIP-712 domain fields, used when the payload's `types` does not declare `EIP712Domain`. */
const standardDomainFields: Field[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]

const integerType = /^u?int[0-9]*$/
const arrayType = /^(.+)\[[0-9]*\]$/
const decimalInteger = /^-?[0-9]+$/
const hexInteger = /^-?0x[0-9a-fA-F]+$/
const maxDepth = 32

const isStruct = (value: unknown): value is Struct =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isFieldList = (value: unknown): value is Field[] =>
  Array.isArray(value) &&
  value.every((field) => isStruct(field) && typeof field.name === 'string' && typeof field.type === 'string')

const invalid = (details: string, cause?: unknown) =>
  new InvalidPayloadEncodingError({ details: `PAYLOAD_ENCODING_EIP712: ${details}`, cause })
/** Names a field of the payload in an error, cut short so a huge name cannot bloat the error. */
const show = (at: string) => (at.length > 80 ? `${at.slice(0, 80)}…` : at)

/**
 * Reads an EIP-712 typed-data JSON payload, as `@turnkey/viem` `signTypedData` sends it (viem's
 * `serializeTypedData`, where bigints became decimal strings) or as other clients write it. Integer
 * fields (`uint*`, `int*`, in structs and arrays, and the domain's `chainId`) become `bigint` from
 * decimal or `0x` strings or from JSON numbers that are exact; a JSON number past 2^53 has already
 * lost digits, so it is refused rather than signed wrongly. Throws {@link InvalidPayloadEncodingError}.
 *
 * @example
 * const payload = serializeTypedData({ domain, types, primaryType: 'Mail', message })
 * const typedData = parseTypedDataPayload(payload)
 * const digest = hashTypedData(typedData)
 */
export function parseTypedDataPayload(payload: string): ParseTypedDataPayloadReturnType {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch (cause) {
    throw invalid('the payload is not JSON', cause)
  }
  if (!isStruct(parsed)) throw invalid('the payload is not a JSON object')
  const { types, primaryType, domain = {}, message } = parsed
  if (!isStruct(types) || !Object.values(types).every(isFieldList))
    throw invalid('"types" must map each type name to a list of { name, type }')
  if (
    typeof primaryType !== 'string' ||
    (primaryType !== 'EIP712Domain' && !Object.hasOwn(types, primaryType))
  )
    throw invalid('"primaryType" must name one of "types"')
  if (!isStruct(domain)) throw invalid('"domain" must be an object')
  if (primaryType !== 'EIP712Domain' && !isStruct(message)) throw invalid('"message" must be an object')

  const structs = types as Record<string, Field[]>

  const normalizeValue = (type: string, value: unknown, at: string, depth: number): unknown => {
    if (depth > maxDepth) throw invalid(`${show(at)} is nested more than ${maxDepth} levels deep`)
    const array = arrayType.exec(type)
    if (array) {
      if (!Array.isArray(value)) throw invalid(`${show(at)} must be an array`)
      return value.map((item, index) => normalizeValue(array[1]!, item, `${at}[${index}]`, depth + 1))
    }
    if (Object.hasOwn(structs, type)) {
      if (!isStruct(value)) throw invalid(`${show(at)} must be an object`)
      return normalizeStruct(structs[type]!, value, at, depth + 1)
    }
    if (integerType.test(type)) return toInteger(value, at)
    return value
  }

  const normalizeStruct = (fields: Field[], value: Struct, at: string, depth: number): Struct => {
    const normalized: Struct = { ...value }
    for (const { name, type } of fields)
      if (Object.hasOwn(value, name))
        normalized[name] = normalizeValue(type, value[name], `${at}.${name}`, depth)
    return normalized
  }

  return {
    types: structs,
    primaryType,
    domain: normalizeStruct(structs.EIP712Domain ?? standardDomainFields, domain, 'domain', 0),
    message:
      primaryType === 'EIP712Domain'
        ? undefined
        : normalizeStruct(structs[primaryType]!, message as Struct, primaryType, 0),
  } as unknown as ParseTypedDataPayloadReturnType
}

function toInteger(value: unknown, at: string): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return BigInt(value)
    throw invalid(`${show(at)} is not an exact integer; send integers past 2^53 as decimal strings`)
  }
  if (typeof value === 'string') {
    if (decimalInteger.test(value)) return BigInt(value)
    if (hexInteger.test(value)) return value.startsWith('-') ? -BigInt(value.slice(1)) : BigInt(value)
  }
  throw invalid(`${show(at)} must be an integer, a decimal string or a 0x hex string`)
}
