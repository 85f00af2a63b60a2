import type { SignerRouteDefinition } from '../signin/defineSignerRoute.js'
import { multiOwnerAddRoute } from './routes/multiOwnerAddRoute.js'
import { multiOwnerCreateRoute } from './routes/multiOwnerCreateRoute.js'
import { multiOwnerDeleteRoute } from './routes/multiOwnerDeleteRoute.js'
import { multiOwnerPrepareAddRoute } from './routes/multiOwnerPrepareAddRoute.js'
import { multiOwnerPrepareDeleteRoute } from './routes/multiOwnerPrepareDeleteRoute.js'
import { multiOwnerSignRawPayloadRoute } from './routes/multiOwnerSignRawPayloadRoute.js'
import { multiOwnerUpdateRootQuorumRoute } from './routes/multiOwnerUpdateRootQuorumRoute.js'

export { createOwnerVoteRoutes } from './createOwnerVoteRoutes.js'

/**
 * The multi-owner routes of `/signer` (docs/multi-owner.md): organizations with several owners and a
 * root quorum whose activities wait for the quorum's approvals.
 *
 * @example
 * export const signerRoutes = [...signinRoutes, ...multiOwnerRoutes]
 */
export const multiOwnerRoutes: SignerRouteDefinition[] = [
  multiOwnerCreateRoute,
  multiOwnerPrepareAddRoute,
  multiOwnerAddRoute,
  multiOwnerUpdateRootQuorumRoute,
  multiOwnerSignRawPayloadRoute,
  multiOwnerPrepareDeleteRoute,
  multiOwnerDeleteRoute,
] as SignerRouteDefinition[]
