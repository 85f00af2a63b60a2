import type { Context } from 'hono'
import type { z } from 'zod'
import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/** What a `/signer` handler knows about the request besides its body. */
export type SignerRequest = {
  /** The app the request belongs to (bearer key, JWT, or allowed origin). */
  app: App
  /** Client address for per-IP limits (see `clientIp`: trusted proxies, IPv6 as its /64). */
  ip: string
  /** The browser's `Origin`, when it sent one. */
  origin: string | undefined
  c: Context
}

export type SignerRouteDefinition<schema extends z.ZodType = z.ZodType> = {
  /** Path under `/signer`, e.g. `/v1/whoami`. */
  path: `/v1/${string}`
  schema: schema
  /** Also answer `GET` (with an empty body), as `/v1/signer-config` does. */
  allowGet?: boolean
  handle(ctx: SigilContext, request: SignerRequest, body: z.output<schema>): Promise<unknown>
}

/**
 * Declares a JSON route of the sign-in API. The route layer resolves the app, applies CORS and the
 * body limit, and validates the body before `handle` runs; `handle` returns the JSON answer.
 *
 * @example
 * export const lookupRoute = defineSignerRoute({ path: '/v1/lookup', schema, handle: async (ctx, request, body) => … })
 */
export function defineSignerRoute<schema extends z.ZodType>(
  definition: SignerRouteDefinition<schema>,
): SignerRouteDefinition<schema> {
  return definition
}
