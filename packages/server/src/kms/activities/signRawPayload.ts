import { z } from 'zod'
import { signPayloads } from '../wallets/signPayloads.js'
import { defineActivity } from './defineActivity.js'
import { encodingSchema, hashFunctionSchema, payloadSchema, signWithSchema } from './signingSchemas.js'

/** `sign_raw_payload` (V2): one signature `{r, s, v}` by a wallet account. */
export const signRawPayloadActivity = defineActivity({
  path: 'sign_raw_payload',
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
