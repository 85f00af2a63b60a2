import { handleRedirectReturn } from './actions/handleRedirectReturn.js'
import { preparePopupOauth } from './actions/preparePopupOauth.js'
import { restoreSession } from './actions/restoreSession.js'
import { createSignerClient } from './client/createSignerClient.js'
import type { SignerClient } from './client/SignerClient.js'
import type { CreateSignerParameters } from './config/SignerConfig.js'
import { signerActions } from './decorators/signerActions.js'
import type { Signer } from './Signer.js'
import { onSignerEvent } from './store/onSignerEvent.js'
import { signerStatus } from './types.js'

export type { CreateSignerParameters } from './config/SignerConfig.js'

/** Finishes a redirect return or restores the stored session, then prepares popup OAuth if asked. */
async function initialize(client: SignerClient): Promise<void> {
  const { store, config } = client
  const returned = await handleRedirectReturn(client).catch(() => undefined)
  // An OAuth return that awaits its TOTP code (AWAITING_MFA_AUTH) keeps that state.
  if (!returned && store.getState().status !== signerStatus.AWAITING_MFA_AUTH) await restoreSession(client)
  if (store.getState().status === signerStatus.INITIALIZING)
    store.setState({ status: store.getState().user ? signerStatus.CONNECTED : signerStatus.DISCONNECTED })
  if (config.enablePopupOauth) await preparePopupOauth(client).catch(() => undefined)
}

/**
 * Creates a signer: a `SignerClient` (`createSignerClient`: config, store, events, sessions, key
 * holder) decorated with its methods (`signerActions`) and state getters. It restores a stored
 * session or finishes a redirect return, and keeps the session in step with other tabs.
 * In a browser the key frame is mounted in `iframeConfig.iframeContainerId`; in Node pass a
 * `stamper`, a `fetch` and a `sessionConfig.storage`.
 *
 * @example
 * const signer = createSigner({
 *   connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_…' },
 *   iframeConfig: { iframeContainerId: 'signer-frame' },
 * })
 * signer.on('connected', (user) => console.log(user.address))
 * await signer.authenticate({ type: 'email', email: 'ada@example.com' })
 */
export function createSigner(parameters: CreateSignerParameters): Signer {
  const client = createSignerClient(parameters)
  const { store, current } = client
  const ready = initialize(client)
  return {
    ...client,
    ...signerActions(client),
    get status() {
      return store.getState().status
    },
    get user() {
      return store.getState().user
    },
    get error() {
      return store.getState().error
    },
    get mfaStatus() {
      return store.getState().mfaStatus
    },
    get isNewUser() {
      return store.getState().isNewUser
    },
    get otpId() {
      return store.getState().otpId
    },
    get ready() {
      return ready
    },
    on: (event, listener) => onSignerEvent(client, event, listener),
    get stamper() {
      return current.stamper
    },
    get oauthConfig() {
      return current.oauthConfig
    },
    get serverConfig() {
      return current.serverConfig
    },
  }
}
