import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { otpRoute } from './otpRoute.js'

export { emailAuth } from './emailAuth.js'
export { emailAuthSchema } from './emailAuthSchema.js'
export { emailSignup } from './emailSignup.js'
export { emailSignupSchema } from './emailSignupSchema.js'
export { magicLinkLanding } from './magicLinkLanding.js'

/**
 * The email routes of `/signer`: trade the code (emailed, or texted by the SMS method) for a session
 * (`/v1/otp`). Codes and links are sent by the shared `/v1/auth` and `/v1/signup` routes with
 * `emailAuth` and `emailSignup`; the link lands on `magicLinkLanding` (`GET /signer/v1/magic-link`).
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...emailRoutes]))
 */
export const emailRoutes: SignerRouteDefinition[] = [otpRoute]
