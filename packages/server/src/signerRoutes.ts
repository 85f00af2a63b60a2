import { accountRoutes } from './auth/account/index.js'
import { authRoute } from './auth/authRoute.js'
import { emailRoutes } from './auth/email/index.js'
import { jwtRoutes } from './auth/jwt/index.js'
import { authMethodRoutes } from './auth/methods/index.js'
import { mfaRoutes } from './auth/mfa/index.js'
import { oauthRoutes } from './auth/oauth/index.js'
import { otpRoutes } from './auth/otp/index.js'
import { signupRoute } from './auth/signupRoute.js'
import { multiOwnerRoutes } from './multiOwner/index.js'
import type { SignerRouteDefinition } from './signin/defineSignerRoute.js'
import { signinRoutes } from './signin/index.js'

/**
 * Every JSON route of `/signer`: the shared sign-up and sign-in (`/v1/auth`: email or SMS), the routes of no particular method, then each
 * method's own (`auth/<method>/index.ts`). A new method adds its list here.
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, signerRoutes))
 */
export const signerRoutes: SignerRouteDefinition[] = [
  signupRoute,
  authRoute,
  ...signinRoutes,
  ...oauthRoutes,
  ...emailRoutes,
  ...mfaRoutes,
  ...accountRoutes,
  ...multiOwnerRoutes,
  ...jwtRoutes,
  ...authMethodRoutes,
  ...otpRoutes,
]
