export type ToSignRawPayloadBodyParameters = {
  organizationId: string
  /** 0x hex digest, or an ASCII marker for the MFA routes. */
  payload: string
  signWith: string
  hashFunction: 'HASH_FUNCTION_NO_OP' | 'HASH_FUNCTION_NOT_APPLICABLE'
  timestampMs?: number | undefined
}

/**
 * The Turnkey `sign_raw_payload` (V2) activity body, keys in the order of docs/protocol.md#sessions:
 * `organizationId`, `type`, `timestampMs` (string), `parameters {encoding, hashFunction, payload,
 * signWith}`.
 *
 * @example
 * JSON.stringify(toSignRawPayloadBody({ organizationId, payload: '0x…', signWith: address, hashFunction: 'HASH_FUNCTION_NO_OP' }))
 */
export function toSignRawPayloadBody(parameters: ToSignRawPayloadBodyParameters) {
  return {
    organizationId: parameters.organizationId,
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(parameters.timestampMs ?? Date.now()),
    parameters: {
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: parameters.hashFunction,
      payload: parameters.payload,
      signWith: parameters.signWith,
    },
  }
}
