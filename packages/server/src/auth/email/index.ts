import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { emailAuthRoute } from './emailAuthRoute.js'
import { otpRoute } from './otpRoute.js'

export { emailSignup } from './emailSignup.js'
export { emailSignupSchema } from './emailSignupSchema.js'
export { magicLinkLanding } from './magicLinkLanding.js'

/**
 * The email routes of `/signer`: send a code or a magic link (`/v1/auth`), then trade the code for a
 * session (`/v1/otp`). The link lands on `magicLinkLanding` (`GET /signer/v1/magic-link`); an email
 * sign-up goes through the shared `/v1/signup` route with `emailSignup`.
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...emailRoutes]))
 */
export const emailRoutes: SignerRouteDefinition[] = [emailAuthRoute, otpRoute]
