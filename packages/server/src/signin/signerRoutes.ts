import { emailAuthRoute } from '../auth/email/emailAuthRoute.js'
import { otpRoute } from '../auth/email/otpRoute.js'
import { mfaRoutes } from '../auth/mfa/mfaRoutes.js'
import { prepareOauthRoute } from '../auth/oauth/prepareOauthRoute.js'
import type { SignerRouteDefinition } from './defineSignerRoute.js'
import { lookupRoute } from './routes/lookupRoute.js'
import { signerConfigRoute } from './routes/signerConfigRoute.js'
import { signPayloadRoute } from './routes/signPayloadRoute.js'
import { signupRoute } from './routes/signupRoute.js'
import { whoamiRoute } from './routes/whoamiRoute.js'

/** Every JSON route of `/signer`; each auth method adds its own list here. */
export const signerRoutes: SignerRouteDefinition[] = [
  signupRoute,
  lookupRoute,
  whoamiRoute,
  signPayloadRoute,
  signerConfigRoute,
  prepareOauthRoute,
  emailAuthRoute,
  otpRoute,
  ...mfaRoutes,
]
