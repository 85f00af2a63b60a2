import { cors } from 'hono/cors'
import { findAppsByOrigin } from '../apps/findAppsByOrigin.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * CORS for `/signer`: a browser origin is allowed when some app allows it. Browsers preflight every
 * call (JSON body, `Alchemy-AA-Sdk-Version`, `Authorization`), so those headers are allowed.
 *
 * @example
 * routes.use('*', signerCors(ctx))
 */
export function signerCors(ctx: SigilContext) {
  return cors({
    origin: async (origin) => ((await findAppsByOrigin(ctx.store.db, origin)).length > 0 ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Alchemy-AA-Sdk-Version', 'Authorization', 'X-Client-Version'],
    maxAge: 600,
  })
}
