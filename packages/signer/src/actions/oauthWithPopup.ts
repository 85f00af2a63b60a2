import type { SignerClient } from '../client/SignerClient.js'
import type { OauthParameters } from '../oauth/OauthParameters.js'
import { waitForConnected } from '../store/waitForConnected.js'
import type { User } from '../types.js'
import { startOauthPopup } from './startOauthPopup.js'

/**
 * OAuth in a popup (500×600), resolving with the signed-in user: {@link startOauthPopup}, which
 * needs `preparePopupOauth` first (or `enablePopupOauth`) and rejects with `OauthFailedError` or
 * `OauthCancelledError`. A user with a TOTP factor leaves the signer AWAITING_MFA_AUTH; the promise
 * then resolves once `validateMultiFactors` has signed the user in.
 *
 * @example
 * const user = await oauthWithPopup(signer, { authProviderId: 'google', mode: 'popup' })
 */
export function oauthWithPopup(
  client: SignerClient,
  parameters: OauthParameters & { mode: 'popup' },
): Promise<User> {
  return startOauthPopup(client, parameters).then((step) =>
    step.next === 'done' ? step.user : waitForConnected(client),
  )
}
