import { randomBytes } from 'node:crypto'
import { activityEnvelope } from './activityEnvelope.js'

/**
 * The body of a sign_raw_payload of a fresh random 32-byte hash by `signWith`.
 *
 * @example
 * await sendRequest(url, 'POST', '/public/v1/submit/sign_raw_payload', signRawPayloadBody(org, address), key)
 */
export function signRawPayloadBody(organizationId: string, signWith: string): string {
  return activityEnvelope(organizationId, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
    signWith,
    payload: `0x${randomBytes(32).toString('hex')}`,
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_NO_OP',
  })
}
