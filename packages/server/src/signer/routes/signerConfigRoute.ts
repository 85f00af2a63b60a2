import { z } from 'zod'
import { defineSignerRoute } from '../defineSignerRoute.js'

/** `GET|POST /signer/v1/signer-config`: how the app's email sign-in works (`OTP` or `MAGIC_LINK`). */
export const signerConfigRoute = defineSignerRoute({
  path: '/v1/signer-config',
  schema: z.object({}).passthrough(),
  allowGet: true,
  async handle(_ctx, request): Promise<{ email: { mode: 'OTP' | 'MAGIC_LINK' } }> {
    return { email: { mode: request.app.emailMode === 'magic-link' ? 'MAGIC_LINK' : 'OTP' } }
  },
})
