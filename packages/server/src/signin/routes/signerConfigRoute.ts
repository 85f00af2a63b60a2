import { z } from 'zod'
import { defineSignerRoute } from '../defineSignerRoute.js'

/**
 * `GET|POST /signer/v1/signer-config`: how the app's email sign-in works (`OTP` or `MAGIC_LINK`),
 * and the app's id (the key frames are served per app: `/frame/auth?app=<appId>`).
 */
export const signerConfigRoute = defineSignerRoute({
  path: '/v1/signer-config',
  schema: z.object({}).passthrough(),
  allowGet: true,
  async handle(_ctx, request): Promise<{ appId: string; email: { mode: 'OTP' | 'MAGIC_LINK' } }> {
    return {
      appId: request.app.id,
      email: { mode: request.app.emailMode === 'magic-link' ? 'MAGIC_LINK' : 'OTP' },
    }
  },
})
