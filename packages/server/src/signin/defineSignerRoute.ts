import type { SignerRouteBody, SignerRoutePath, SignerRouteResponse } from '@sigil/protocol'
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

export type SignerRouteDefinition<
  path extends SignerRoutePath = SignerRoutePath,
  schema extends z.ZodType = z.ZodType,
> = {
  /** Path under `/signer`, one of `SignerRoutes` of `@sigil/protocol`, e.g. `/v1/whoami`. */
  path: path
  schema: schema
  /** Also answer `GET` (with an empty body), as `/v1/signer-config` does. */
  allowGet?: boolean
  /** Answers the validated body with the response `SignerRoutes` declares for `path`. */
  handle(
    ctx: SigilContext,
    request: SignerRequest,
    body: z.output<schema>,
  ): Promise<SignerRouteResponse<path>>
}

/**
 * Declares a JSON route of the sign-in API, typed against `SignerRoutes` of `@sigil/protocol`: every
 * body the protocol allows must fit the schema's input (the server may accept more, never less), and
 * `handle` must return the route's response type, so the server and the SDK cannot drift apart. The
 * route layer resolves the app, applies CORS and the body limit, and validates the body before
 * `handle` runs; `handle` returns the JSON answer.
 *
 * @example
 * export const lookupRoute = defineSignerRoute({ path: '/v1/lookup', schema, handle: async (ctx, request, body) => … })
 */
export function defineSignerRoute<path extends SignerRoutePath, schema extends z.ZodType>(
  definition: SignerRouteDefinition<path, schema> &
    (SignerRouteBody<path> extends z.input<schema> ? unknown : { schema: { acceptsTheProtocolBody: never } }),
): SignerRouteDefinition<path, schema> {
  return definition
}
