import { disconnect } from '../actions/disconnect.js'
import { recheckSession } from '../actions/recheckSession.js'
import { resolveSignerConfig } from '../config/resolveSignerConfig.js'
import type { CreateSignerParameters, SignerWindow } from '../config/SignerConfig.js'
import { createSessionManager } from '../session/createSessionManager.js'
import type { Session, SessionType } from '../session/Session.js'
import { createFrameStamper } from '../stampers/createFrameStamper.js'
import { resolveFrameUrl } from '../stampers/resolveFrameUrl.js'
import { createEmitter } from '../store/createEmitter.js'
import { createSignerStore } from '../store/createSignerStore.js'
import type { SignerEvents } from '../store/SignerEvents.js'
import { signerStatus, type User } from '../types.js'
import type { SignerClient } from './SignerClient.js'

const sameSession = (stored: Session | undefined, type: SessionType, user: User, bundle?: string) =>
  stored !== undefined &&
  stored.expirationDateMs > Date.now() &&
  stored.user.userId === user.userId &&
  stored.type === type &&
  ('bundle' in stored ? stored.bundle : undefined) === bundle

/** The browser's `localStorage` (shared by tabs, for the temporary session), if there is one. */
function findLocalStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage
  } catch {
    return undefined
  }
}

/**
 * Builds the client the actions work with: checks the config (`InvalidSignerConfigError` names a
 * bad field), makes the store, the events, the session manager (an expired session disconnects,
 * another tab's change is rechecked) and the key holder (the key frame unless `stamper` is given),
 * and keeps the state in step with the events: a `connected…` event stores the session and sets
 * CONNECTED, `authenticating` sets the matching status. It restores nothing: `createSigner` does.
 *
 * @example
 * const client = createSignerClient({ connection: { rpcUrl }, stamper, fetch, sessionConfig: { storage } })
 * await whoami(client, { orgId })
 */
export function createSignerClient(parameters: CreateSignerParameters): SignerClient {
  const config = resolveSignerConfig(parameters)
  const events = createEmitter<SignerEvents>()
  const store = createSignerStore(events)
  const sessionStamper =
    parameters.stamper ??
    createFrameStamper({
      // The server serves the frame per app: `?app=<appId>` is added once the app is known.
      iframeUrl: () => resolveFrameUrl(client, config.iframeConfig.iframeUrl),
      iframeElementId: config.iframeConfig.iframeElementId,
      iframeContainerId: config.iframeConfig.iframeContainerId!,
    })
  const window = parameters.window ?? (globalThis as { window?: SignerWindow }).window
  const storage = config.sessionConfig.storage
  const sessions = createSessionManager({
    storage,
    temporaryStorage: findLocalStorage() ?? storage,
    sessionKey: config.sessionConfig.sessionKey,
    expirationTimeMs: config.sessionConfig.expirationTimeMs,
    windowEvents: window,
    onExpired: () => void disconnect(client),
    onExternalChange: () => void recheckSession(client),
  })

  const client: SignerClient = {
    config,
    fetch: parameters.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    window,
    store,
    events,
    sessions,
    sessionStamper,
    current: { stamper: sessionStamper, oauthConfig: undefined, serverConfig: undefined },
    getState: () => store.getState(),
    async stampRequest(path, body) {
      const text = JSON.stringify(body)
      return {
        body: text,
        stamp: await client.current.stamper.stamp(text),
        url: `${config.connection.rpcUrl}/public/v1/${path}`,
      }
    },
  }

  // A login's connected event stores the session (unless it is the one just restored) and connects.
  const connect = (type: SessionType, user: User, bundle?: string) => {
    if (!sameSession(sessions.getSession(), type, user, bundle))
      sessions.setSession(bundle === undefined ? { type: 'passkey', user } : { type, user, bundle })
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
  events.on('connectedJwt', (user, bundle) => connect('custom-jwt', user, bundle))
  events.on('connectedPasskey', (user, bundle) => connect('passkey', user, bundle))
  events.on('authenticating', ({ type }) =>
    store.setState({
      status:
        type === 'email'
          ? signerStatus.AUTHENTICATING_EMAIL
          : type === 'passkey'
            ? signerStatus.AUTHENTICATING_PASSKEY
            : type === 'oauth'
              ? signerStatus.AUTHENTICATING_OAUTH
              : type === 'custom-jwt'
                ? signerStatus.AUTHENTICATING_JWT
                : signerStatus.AWAITING_OTP_AUTH,
    }),
  )
  return client
}
