import { type ActivityPath, activityTypes, type QueryName, queryNames } from '@sigil/protocol'
import { Hono } from 'hono'
import { parseWith } from '../http/parseWith.js'
import { readJsonBody } from '../http/readJsonBody.js'
import type { SigilContext } from '../SigilContext.js'
import { activities } from './activities/activities.js'
import { submitActivity } from './activities/submitActivity.js'
import { unservedRouteError } from './activities/unsupportedRoutes.js'
import { authenticateRequest } from './auth/authenticateRequest.js'
import { authenticationErrors } from './auth/authenticationErrors.js'
import { queries } from './queries/queries.js'

const isQueryName = (name: string): name is QueryName => (queryNames as readonly string[]).includes(name)
const isActivityPath = (name: string): name is ActivityPath => Object.hasOwn(activityTypes, name)

/**
 * The Turnkey-compatible key-management API: `POST /query/<name>` and `POST /submit/<name>`,
 * mounted under `/public/v1`.
 *
 * @example
 * app.route('/public/v1', createPublicApiRoutes(ctx))
 */
export function createPublicApiRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()

  // A request without a stamp is refused before anything else, whatever its body.
  routes.use('*', async (c, next) => {
    if (c.req.method === 'POST' && !c.req.header('x-stamp') && !c.req.header('x-stamp-webauthn'))
      throw authenticationErrors.missingStamp()
    await next()
  })

  routes.post('/query/:name', async (c) => {
    const name = c.req.param('name')
    if (!isQueryName(name)) throw unservedRouteError('query', name)
    const query = queries[name]
    const { raw, json } = await readJsonBody(c)
    const body = parseWith(query.schema, json)
    const request = await authenticateRequest(ctx, {
      header: (header) => c.req.header(header),
      body: raw,
      organizationId: (body as { organizationId: string }).organizationId,
      allowParentTarget: query.allowParentTarget,
    })
    return c.json(await query.run(ctx, request, body))
  })

  routes.post('/submit/:name', async (c) => {
    const name = c.req.param('name')
    if (!isActivityPath(name)) throw unservedRouteError('submit', name)
    const { raw, json } = await readJsonBody(c)
    const activity = await submitActivity(ctx, {
      path: name,
      definition: activities[name],
      raw,
      json,
      header: (header) => c.req.header(header),
    })
    c.header('Cache-Control', 'no-store')
    return c.json({ activity })
  })

  return routes
}
