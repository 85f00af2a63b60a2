import { z } from 'zod'
import { signPayloads } from '../wallets/signPayloads.js'
import { defineActivity } from './defineActivity.js'
import { encodingSchema, hashFunctionSchema, payloadSchema, signWithSchema } from './signingSchemas.js'

/** `sign_raw_payloads`: signatures of several payloads by one account, in payload order. */
export const signRawPayloadsActivity = defineActivity({
  path: 'sign_raw_payloads',
  schema: z.object({
    signWith: signWithSchema,
    payloads: z.array(payloadSchema).min(1, 'at least one payload is required').max(100),
    encoding: encodingSchema,
    hashFunction: hashFunctionSchema,
  }),
  async prepare(ctx, run, parameters) {
    const signatures = await signPayloads(ctx, { organizationId: run.organizationId, ...parameters })
    return { result: { signatures } }
  },
})
