import { signerErrorCodes } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { activities } from '../../kms/activities/activities.js'
import { submitActivity } from '../../kms/activities/submitActivity.js'
import { defineSignerRoute } from '../defineSignerRoute.js'
import { stampedRequestSchema } from '../signerSchemas.js'
import { verifyStampedRequest } from '../verifyStampedRequest.js'

/**
 * `POST /signer/v1/sign-payload {stampedRequest}`: a stamped `sign_raw_payload` (V2) run through the
 * activity engine (timestamp window, fingerprint, audit log). Answers `{signature}`: `0x` r‖s‖v with
 * v = 27/28 for Ethereum, the 64-byte ed25519 signature for Solana.
 */
export const signPayloadRoute = defineSignerRoute({
  path: '/v1/sign-payload',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body): Promise<{ signature: `0x${string}` }> {
    const authenticated = await verifyStampedRequest(ctx, request.app, body.stampedRequest)
    if (authenticated.json.type !== 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')
      throw new ApiError(
        'INVALID_ARGUMENT',
        'stampedRequest must be an ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2 request',
        {
          errorCode: signerErrorCodes.INVALID_REQUEST,
        },
      )
    const activity = await submitActivity(ctx, {
      path: 'sign_raw_payload',
      definition: activities.sign_raw_payload,
      raw: body.stampedRequest.body,
      json: authenticated.json,
      header: () => undefined,
      authenticated,
    })
    const { r, s, v } = activity.result.signRawPayloadResult as { r: string; s: string; v: string }
    const parameters = authenticated.json.parameters as { hashFunction?: string }
    if (parameters.hashFunction === 'HASH_FUNCTION_NOT_APPLICABLE') return { signature: `0x${r}${s}` }
    return { signature: `0x${r}${s}${v === '01' ? '1c' : '1b'}` }
  },
})
