import type { SignerRouteDefinition } from '../../signin/defineSignerRoute.js'
import { initOtpRoute } from './initOtpRoute.js'
import { updateEmailAuthRoute } from './updateEmailAuthRoute.js'
import { updatePhoneAuthRoute } from './updatePhoneAuthRoute.js'
import { verifyOtpRoute } from './verifyOtpRoute.js'

/**
 * The generic one-time codes of `/signer` (Account Kit 4.88): send a code to an email or phone
 * (`/v1/init-otp`), trade it for a verification token (`/v1/verify-otp`), and set the session's
 * user's email or phone with it (`/v1/update-email-auth`, `/v1/update-phone-auth`).
 *
 * @example
 * app.route('/signer', createSignerRoutes(ctx, [...otpRoutes]))
 */
export const otpRoutes: SignerRouteDefinition[] = [
  initOtpRoute,
  verifyOtpRoute,
  updateEmailAuthRoute,
  updatePhoneAuthRoute,
]
