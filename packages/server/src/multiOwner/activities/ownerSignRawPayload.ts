import { z } from 'zod'
import {
  encodingSchema,
  hashFunctionSchema,
  payloadSchema,
  signWithSchema,
} from '../../kms/activities/signingSchemas.js'
import { signPayloads } from '../../kms/wallets/signPayloads.js'
import { defineOwnerActivity } from './defineOwnerActivity.js'

/** `ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2` by the organization's wallet, once the root quorum approved. */
export const ownerSignRawPayload = defineOwnerActivity({
  types: {
    ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: {
      intentKey: 'signRawPayloadIntentV2',
      resultKey: 'signRawPayloadResult',
    },
  },
  schema: z.object({
    signWith: signWithSchema,
    payload: payloadSchema,
    encoding: encodingSchema,
    hashFunction: hashFunctionSchema,
  }),
  async prepare(ctx, run, parameters) {
    const [signature] = await signPayloads(ctx, {
      organizationId: run.organizationId,
      signWith: parameters.signWith,
      payloads: [parameters.payload],
      encoding: parameters.encoding,
      hashFunction: parameters.hashFunction,
    })
    return { result: { ...signature } }
  },
})
