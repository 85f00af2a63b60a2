import { Hono } from 'hono'
import { readJsonBody } from '../http/readJsonBody.js'
import type { SigilContext } from '../SigilContext.js'
import { authenticateOwnerStamp } from './authenticateOwnerStamp.js'
import { voteOnActivity, type voteTypes } from './consensus/voteOnActivity.js'

const votePaths = {
  approve_activity: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
  reject_activity: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
} as const satisfies Record<string, keyof typeof voteTypes>

/**
 * `POST /public/v1/submit/approve_activity` and `/reject_activity` (Turnkey's shapes, parameters
 * `{fingerprint}`) for owners of a multi-owner organization, stamped with their EVM key as the
 * multi-owner routes are. Answers `{activity}`: the voted activity as it now stands.
 *
 * @example
 * routes.route('/submit', createOwnerVoteRoutes(ctx))
 */
export function createOwnerVoteRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()
  for (const [path, type] of Object.entries(votePaths))
    routes.post(`/${path}`, async (c) => {
      const { raw } = await readJsonBody(c)
      const owner = await authenticateOwnerStamp(ctx, {
        app: undefined,
        body: raw,
        header: (name) => c.req.header(name),
      })
      const activity = await voteOnActivity(ctx, owner, type)
      c.header('Cache-Control', 'no-store')
      return c.json({ activity })
    })
  return routes
}
