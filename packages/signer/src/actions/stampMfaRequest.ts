import type { SignerClient } from '../client/SignerClient.js'
import { toSignRawPayloadBody } from '../stamp/toSignRawPayloadBody.js'
import { requireUser } from '../store/requireUser.js'
import type { StampedRequest } from '../types.js'

/** The payload markers of the stamped MFA routes (docs/protocol.md#signer-api). */
export type MfaMarker =
  | 'list_mfas'
  | 'add_mfa'
  | 'send_mfa_code'
  | 'verify_mfa'
  | 'delete_mfas'
  | 'list_recovery_codes'
  | 'generate_recovery_codes'
  | 'delete_account'
  | 'export_account_data'

/**
 * The `stampedRequest` of an MFA route: a `sign_raw_payload` body whose payload is the route's
 * ASCII marker, stamped by the signed-in user's key. Nothing is signed; the stamp proves the session.
 *
 * @example
 * const stampedRequest = await stampMfaRequest(signer, 'list_mfas')
 */
export async function stampMfaRequest(client: SignerClient, marker: MfaMarker): Promise<StampedRequest> {
  const user = requireUser(client)
  return client.stampRequest(
    'submit/sign_raw_payload',
    toSignRawPayloadBody({
      organizationId: user.orgId,
      payload: marker,
      signWith: user.address,
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }),
  )
}
