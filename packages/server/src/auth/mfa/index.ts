import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { deleteMultiFactorsRoute } from './routes/deleteMultiFactorsRoute.js'
import { generateRecoveryCodesRoute } from './routes/generateRecoveryCodesRoute.js'
import { listMultiFactorsRoute } from './routes/listMultiFactorsRoute.js'
import { listRecoveryCodesRoute } from './routes/listRecoveryCodesRoute.js'
import { requestMultiFactorRoute } from './routes/requestMultiFactorRoute.js'
import { sendMultiFactorCodeRoute } from './routes/sendMultiFactorCodeRoute.js'
import { validateMultiFactorsRoute } from './routes/validateMultiFactorsRoute.js'
import { verifyMultiFactorRoute } from './routes/verifyMultiFactorRoute.js'

/**
 * The two-factor routes of `/signer` (TOTP and text-message codes): list, request (enrol), send a
 * texted code, verify, delete, validate (sign-in),
 * and the recovery codes' count and regeneration.
 */
export const mfaRoutes: SignerRouteDefinition[] = [
  listMultiFactorsRoute,
  requestMultiFactorRoute,
  sendMultiFactorCodeRoute,
  verifyMultiFactorRoute,
  deleteMultiFactorsRoute,
  validateMultiFactorsRoute,
  listRecoveryCodesRoute,
  generateRecoveryCodesRoute,
]
