import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { deleteMultiFactorsRoute } from './routes/deleteMultiFactorsRoute.js'
import { generateRecoveryCodesRoute } from './routes/generateRecoveryCodesRoute.js'
import { listMultiFactorsRoute } from './routes/listMultiFactorsRoute.js'
import { listRecoveryCodesRoute } from './routes/listRecoveryCodesRoute.js'
import { requestMultiFactorRoute } from './routes/requestMultiFactorRoute.js'
import { validateMultiFactorsRoute } from './routes/validateMultiFactorsRoute.js'
import { verifyMultiFactorRoute } from './routes/verifyMultiFactorRoute.js'

/**
 * The TOTP two-factor routes of `/signer`: list, request (enrol), verify, delete, validate (sign-in),
 * and the recovery codes' count and regeneration.
 */
export const mfaRoutes: SignerRouteDefinition[] = [
  listMultiFactorsRoute,
  requestMultiFactorRoute,
  verifyMultiFactorRoute,
  deleteMultiFactorsRoute,
  validateMultiFactorsRoute,
  listRecoveryCodesRoute,
  generateRecoveryCodesRoute,
]
