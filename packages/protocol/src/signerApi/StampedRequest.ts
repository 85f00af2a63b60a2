import type { Stamp } from '../stamp/Stamper.js'

/**
 * A Turnkey-style signed request: the exact body, its stamp, and the key API URL it targets. The
 * sign-in API's stamped routes (`/v1/whoami`, `/v1/sign-payload`, the MFA routes) take one.
 */
export type StampedRequest = {
  body: string
  stamp: Stamp
  url: string
}
