import type { SignerClient } from '../client/SignerClient.js'
import { OauthCancelledError } from '../errors/OauthCancelledError.js'
import { OauthFailedError } from '../errors/OauthFailedError.js'
import { SignerError } from '../errors/SignerError.js'
import { getOauthProviderUrl } from '../oauth/getOauthProviderUrl.js'
import type { OauthParameters } from '../oauth/OauthParameters.js'
import type { AuthenticationStep } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { preparePopupOauth } from './preparePopupOauth.js'
import { startPendingMfa } from './startPendingMfa.js'
import { toMultiFactors } from './toMultiFactors.js'

type PopupMessage = {
  alchemyBundle?: string
  alchemyOrgId?: string
  alchemyIdToken?: string
  alchemyIsSignup?: boolean | string
  alchemyError?: string
  /** `MFA_REQUIRED`: the user has a TOTP factor; no bundle until its code is checked. */
  alchemyStatus?: string
  alchemyEncryptedPayload?: string
  alchemyMultiFactors?: unknown
}

/** Popup-closed check interval (docs/account-kit.md#constants). */
const checkCloseIntervalMs = 500

/**
 * How long a closed popup's result may still be on its way: the callback page posts its message
 * and closes itself at once, and Chromium can report the popup closed before the opener has run
 * the message task (about 1 login in 15 was lost as "OAuth cancelled" without this wait).
 */
const closedGraceMs = 300

/**
 * The origins the OAuth callback page may post from: the server's (`rpcUrl`) and the callback
 * URL's, when they differ. Anything else is ignored (beyond the anchor, which checks nothing).
 */
function trustedOrigins(client: SignerClient): Set<string> {
  const base = client.window?.location?.href
  return new Set(
    [client.config.connection.rpcUrl, client.config.oauthCallbackUrl].map((url) => new URL(url, base).origin),
  )
}

/**
 * OAuth in a popup (500×600), answering the next step as a value. Needs `preparePopupOauth` first
 * (or `enablePopupOauth`), so that the popup opens synchronously inside the click. Listens for the
 * callback page's message from the server's origin only; `OauthFailedError` when it reports an
 * error, `OauthCancelledError` when the popup is closed (checked every 500 ms, then 300 ms for a
 * message still on its way). A bundle signs the user in: `{ next: 'done', user }`. A user with a
 * TOTP factor gets `alchemyStatus: 'MFA_REQUIRED'` instead: the signer becomes AWAITING_MFA_AUTH
 * and this answers `{ next: 'mfa', encryptedPayload, multiFactors }` (finish with
 * `validateMultiFactors`).
 *
 * @example
 * const step = await startOauthPopup(signer, { authProviderId: 'google', mode: 'popup' })
 * if (step.next === 'mfa') await validateMultiFactors(signer, { multiFactorCode: '123456' })
 */
export function startOauthPopup(
  client: SignerClient,
  parameters: OauthParameters & { mode: 'popup' },
): Promise<Extract<AuthenticationStep, { next: 'done' | 'mfa' }>> {
  const oauthConfig = client.current.oauthConfig
  const turnkeyPublicKey = client.sessionStamper.publicKey()
  const window = client.window
  if (!oauthConfig || !turnkeyPublicKey || !window?.open)
    return Promise.reject(
      new SignerError(
        'enablePopupOauth must be set in configuration or signer.preparePopupOauth must be called before using popup-based OAuth login',
      ),
    )
  const url = getOauthProviderUrl({
    oauthParameters: parameters,
    oauthConfig,
    turnkeyPublicKey,
    oauthCallbackUrl: client.config.oauthCallbackUrl,
    openerOrigin: window.location?.origin,
  })
  const popup = window.open(url, '_blank', 'popup,width=500,height=600')
  client.events.emit('authenticating', { type: 'oauth' })
  const origins = trustedOrigins(client)

  return new Promise((resolve, reject) => {
    let cancelTimer: ReturnType<typeof setTimeout> | undefined
    const finish = () => {
      clearInterval(closedCheck)
      clearTimeout(cancelTimer)
      window.removeEventListener('message', onMessage)
      popup?.close()
      // The request key is single-use: prepare the next popup login in the background.
      preparePopupOauth(client).catch(() => {
        client.current.oauthConfig = undefined
      })
    }
    const onMessage = (event: Event) => {
      const { origin, data, source } = event as MessageEvent<PopupMessage | null>
      if (!origins.has(origin) || (source && popup && source !== popup) || !data || typeof data !== 'object')
        return
      const { alchemyBundle, alchemyOrgId, alchemyIdToken, alchemyIsSignup, alchemyError } = data
      if (data.alchemyStatus === 'MFA_REQUIRED' && alchemyOrgId && data.alchemyEncryptedPayload) {
        finish()
        const encryptedPayload = data.alchemyEncryptedPayload
        const multiFactors = toMultiFactors(data.alchemyMultiFactors)
        if (startPendingMfa(client, { orgId: alchemyOrgId, encryptedPayload, multiFactors }))
          resolve({ next: 'mfa', encryptedPayload, multiFactors })
        else reject(new OauthFailedError(alchemyError ?? 'MFA is required for this user'))
      } else if (alchemyBundle && alchemyOrgId && alchemyIdToken) {
        finish()
        completeAuthWithBundle(client, {
          bundle: alchemyBundle,
          orgId: alchemyOrgId,
          idToken: alchemyIdToken,
          connectedEventName: 'connectedOauth',
          authenticatingType: 'oauth',
        }).then((user) => {
          if (alchemyIsSignup) client.store.setState({ isNewUser: true })
          resolve({ next: 'done', user })
        }, reject)
      } else if (alchemyError) {
        finish()
        reject(new OauthFailedError(alchemyError))
      }
    }
    const closedCheck = setInterval(() => {
      if (popup && !popup.closed) return
      clearInterval(closedCheck)
      cancelTimer = setTimeout(() => {
        finish()
        reject(new OauthCancelledError())
      }, closedGraceMs)
    }, checkCloseIntervalMs)
    window.addEventListener('message', onMessage)
  })
}
