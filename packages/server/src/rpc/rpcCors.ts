import { cors } from 'hono/cors'
import { findAppsByOrigin } from '../apps/findAppsByOrigin.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * CORS for `/rpc`: a browser origin is allowed when some app allows it (as on `/signer`). Besides
 * JSON and `Authorization`, the headers Account Kit's transport adds (SDK version, signer type, trace
 * breadcrumbs), `@solana/kit`'s `solana-client` and a user's session stamp (`X-Stamp`,
 * `X-Stamp-Webauthn`, `X-Sigil-Organization`) are allowed, so their preflights pass; none of them
 * travels upstream.
 *
 * @example
 * routes.use('*', rpcCors(ctx))
 */
export function rpcCors(ctx: SigilContext) {
  return cors({
    origin: async (origin) => ((await findAppsByOrigin(ctx.store.db, origin)).length > 0 ? origin : null),
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: [
      'Content-Type',
      'Authorization',
      'Alchemy-AA-Sdk-Version',
      'Alchemy-Aa-Sdk-Signer',
      'X-Alchemy-Client-Trace-Id',
      'X-Alchemy-Client-Breadcrumb',
      'traceparent',
      'tracestate',
      // @solana/kit's RPC transport names itself in every request.
      'solana-client',
      // A signed-in user's session stamp of sponsorship requests (verifyGatewayStamp).
      'X-Stamp',
      'X-Stamp-Webauthn',
      'X-Sigil-Organization',
    ],
    maxAge: 600,
  })
}
