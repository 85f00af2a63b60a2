import { addMfa } from './actions/addMfa.js'
import { addPasskey } from './actions/addPasskey.js'
import { authenticate } from './actions/authenticate.js'
import { disconnect } from './actions/disconnect.js'
import { exportWallet } from './actions/exportWallet.js'
import { getConfig } from './actions/getConfig.js'
import { getMfaFactors } from './actions/getMfaFactors.js'
import { getPasskeyStatus } from './actions/getPasskeyStatus.js'
import { handleRedirectReturn } from './actions/handleRedirectReturn.js'
import { lookupUserByEmail } from './actions/lookupUserByEmail.js'
import { preparePopupOauth } from './actions/preparePopupOauth.js'
import { recheckSession } from './actions/recheckSession.js'
import { removeMfa } from './actions/removeMfa.js'
import { restoreSession } from './actions/restoreSession.js'
import { signAuthorization } from './actions/signAuthorization.js'
import { signMessage } from './actions/signMessage.js'
import { signRawMessage } from './actions/signRawMessage.js'
import { signTransaction } from './actions/signTransaction.js'
import { signTypedData } from './actions/signTypedData.js'
import { toViemAccount } from './actions/toViemAccount.js'
import { validateMultiFactors } from './actions/validateMultiFactors.js'
import { verifyMfa } from './actions/verifyMfa.js'
import { whoami } from './actions/whoami.js'
import { resolveSignerConfig } from './config/resolveSignerConfig.js'
import type { CreateSignerParameters } from './config/SignerConfig.js'
import type { Signer } from './Signer.js'
import { createSessionManager } from './session/createSessionManager.js'
import type { Session, SessionType } from './session/Session.js'
import { toSolanaSigner } from './solana/toSolanaSigner.js'
import { createFrameStamper } from './stampers/createFrameStamper.js'
import { resolveFrameUrl } from './stampers/resolveFrameUrl.js'
import { createEmitter } from './store/createEmitter.js'
import { createSignerStore } from './store/createSignerStore.js'
import type { SignerEvents } from './store/SignerEvents.js'
import { signerStatus, type User } from './types.js'

export type { CreateSignerParameters } from './config/SignerConfig.js'

const sameSession = (stored: Session | undefined, type: SessionType, user: User, bundle?: string) =>
  stored !== undefined &&
  stored.expirationDateMs > Date.now() &&
  stored.user.userId === user.userId &&
  (type === 'passkey' || (stored.type === type && 'bundle' in stored && stored.bundle === bundle))

/** The browser's `localStorage` (shared by tabs, for the temporary session), if there is one. */
function findLocalStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage
  } catch {
    return undefined
  }
}

/**
 * Creates a signer: checks the config (`InvalidSignerConfigError` names a bad field), restores a
 * stored session or finishes a redirect return, and keeps the session in step with other tabs.
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
  const config = resolveSignerConfig(parameters)
  const events = createEmitter<SignerEvents>()
  const store = createSignerStore(events)
  const sessionStamper =
    parameters.stamper ??
    createFrameStamper({
      // The server serves the frame per app: `?app=<appId>` is added once the app is known.
      iframeUrl: () => resolveFrameUrl(signer, config.iframeConfig.iframeUrl),
      iframeElementId: config.iframeConfig.iframeElementId,
      iframeContainerId: config.iframeConfig.iframeContainerId!,
    })
  const window = parameters.window ?? (globalThis as { window?: Signer['window'] }).window
  const storage = config.sessionConfig.storage
  const fetchFunction = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sessions = createSessionManager({
    storage,
    temporaryStorage: findLocalStorage() ?? storage,
    sessionKey: config.sessionConfig.sessionKey,
    expirationTimeMs: config.sessionConfig.expirationTimeMs,
    windowEvents: window,
    onExpired: () => void disconnect(signer),
    onExternalChange: () => void recheckSession(signer),
  })
  let ready: Promise<void> = Promise.resolve()

  const signer: Signer = {
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
    on: (event, listener) => events.on(event, listener),

    authenticate: (authParameters) => authenticate(signer, authParameters),
    validateMultiFactors: (mfaParameters) => validateMultiFactors(signer, mfaParameters),
    disconnect: () => disconnect(signer),
    whoami: () => whoami(signer),
    lookupUserByEmail: (email) => lookupUserByEmail(signer, { email }),
    preparePopupOauth: () => preparePopupOauth(signer),
    getMfaStatus: () => store.getState().mfaStatus,
    getMfaFactors: () => getMfaFactors(signer),
    addMfa: (mfaParameters) => addMfa(signer, mfaParameters),
    verifyMfa: (mfaParameters) => verifyMfa(signer, mfaParameters),
    removeMfa: (mfaParameters) => removeMfa(signer, mfaParameters),
    signRawMessage: (signParameters) => signRawMessage(signer, signParameters),
    signMessage: (message) => signMessage(signer, { message }),
    signTypedData: (typedData) => signTypedData(signer, typedData),
    signTransaction: (transaction, options) =>
      signTransaction(signer, { transaction, serializer: options?.serializer }),
    signAuthorization: (authorization) => signAuthorization(signer, authorization),
    toViemAccount: () => toViemAccount(signer),
    toSolanaSigner: () => toSolanaSigner(signer),
    getPasskeyStatus: () => getPasskeyStatus(signer),
    addPasskey: (creationOpts) => addPasskey(signer, { creationOpts }),
    exportWallet: (exportParameters) => exportWallet(signer, exportParameters),
    getConfig: () => getConfig(signer),
    destroy: () => sessions.destroy(),

    config,
    fetch: fetchFunction,
    window,
    store,
    events,
    sessions,
    sessionStamper,
    stamper: sessionStamper,
    oauthConfig: undefined,
    serverConfig: undefined,
    getState: () => store.getState(),
    async stampRequest(path, body) {
      const text = JSON.stringify(body)
      return {
        body: text,
        stamp: await signer.stamper.stamp(text),
        url: `${config.connection.rpcUrl}/public/v1/${path}`,
      }
    },
  }

  // A login's connected event stores the session (unless it is the one just restored) and connects.
  const connect = (type: SessionType, user: User, bundle?: string) => {
    if (!sameSession(sessions.getSession(), type, user, bundle))
      sessions.setSession(
        bundle === undefined
          ? { type: 'passkey', user }
          : { type: type as 'email' | 'otp' | 'oauth', user, bundle },
      )
    const isNewUser =
      type === 'email' || type === 'otp' ? sessions.getTemporarySession()?.isNewUser : undefined
    store.setState({
      user,
      status: signerStatus.CONNECTED,
      error: undefined,
      ...(typeof isNewUser === 'boolean' ? { isNewUser } : {}),
    })
  }
  events.on('connectedEmail', (user, bundle) => connect('email', user, bundle))
  events.on('connectedOtp', (user, bundle) => connect('otp', user, bundle))
  events.on('connectedOauth', (user, bundle) => connect('oauth', user, bundle))
  events.on('connectedPasskey', (user) => connect('passkey', user))
  events.on('authenticating', ({ type }) =>
    store.setState({
      status:
        type === 'email'
          ? signerStatus.AUTHENTICATING_EMAIL
          : type === 'passkey'
            ? signerStatus.AUTHENTICATING_PASSKEY
            : type === 'oauth'
              ? signerStatus.AUTHENTICATING_OAUTH
              : signerStatus.AWAITING_OTP_AUTH,
    }),
  )

  const initialize = async () => {
    const returned = await handleRedirectReturn(signer).catch(() => undefined)
    // An OAuth return that awaits its TOTP code (AWAITING_MFA_AUTH) keeps that state.
    if (!returned && store.getState().status !== signerStatus.AWAITING_MFA_AUTH) await restoreSession(signer)
    if (store.getState().status === signerStatus.INITIALIZING)
      store.setState({ status: store.getState().user ? signerStatus.CONNECTED : signerStatus.DISCONNECTED })
    if (config.enablePopupOauth) await preparePopupOauth(signer).catch(() => undefined)
  }
  ready = initialize()
  return signer
}
