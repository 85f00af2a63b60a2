import { signerErrorCodes } from '@sigil/protocol'
import { type Context, Hono } from 'hono'
import { resolveApp } from '../apps/resolveApp.js'
import { clientIp } from '../http/clientIp.js'
import { parseJsonBody } from '../http/parseJsonBody.js'
import { parseWith } from '../http/parseWith.js'
import { readRawBody } from '../http/readRawBody.js'
import { countSignIn } from '../observability/countSignIn.js'
import { signInMethodOf } from '../observability/signInMethodOf.js'
import type { SigilContext } from '../SigilContext.js'
import type { SignerRequest, SignerRouteDefinition } from './defineSignerRoute.js'
import { signerCors } from './signerCors.js'

/**
 * The sign-in API, mounted under `/signer`: CORS, app resolution, JSON parsing and validation, then
 * each route's handler. Every answer carries `Cache-Control: no-store` (they hold credentials).
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, signerRoutes))
 */
export function createSignerRoutes(ctx: SigilContext, definitions: SignerRouteDefinition[]): Hono {
  const routes = new Hono()
  routes.use('*', signerCors(ctx))

  const requestOf = async (c: Context): Promise<SignerRequest> => ({
    app: await resolveApp(ctx.store.db, {
      authorization: c.req.header('authorization'),
      origin: c.req.header('origin'),
    }),
    ip: clientIp(c, ctx.config.trustedProxies),
    origin: c.req.header('origin'),
    c,
  })

  for (const definition of definitions) {
    routes.post(definition.path, async (c) => {
      const request = await requestOf(c)
      const text = await readRawBody(c)
      const json = text.trim() ? parseJsonBody(text, { errorCode: signerErrorCodes.INVALID_REQUEST }) : {}
      const body = parseWith(definition.schema, json)
      const method = signInMethodOf(definition.path, body)
      const answer = await countSignIn(ctx.metrics, method, () => definition.handle(ctx, request, body))
      c.header('Cache-Control', 'no-store')
      return c.json(answer as object)
    })
    if (definition.allowGet)
      routes.get(definition.path, async (c) => {
        const answer = await definition.handle(ctx, await requestOf(c), parseWith(definition.schema, {}))
        c.header('Cache-Control', 'no-store')
        return c.json(answer as object)
      })
  }
  return routes
}
