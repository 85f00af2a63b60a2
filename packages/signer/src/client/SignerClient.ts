import type { SignerRoutes } from '@sigil/protocol'
import type { ResolvedSignerConfig, SignerWindow } from '../config/SignerConfig.js'
import type { SessionManager } from '../session/createSessionManager.js'
import type { SessionStamper, Stamper } from '../stampers/Stamper.js'
import type { Emitter } from '../store/createEmitter.js'
import type { SignerStore } from '../store/createSignerStore.js'
import type { SignerEvents } from '../store/SignerEvents.js'
import type { SignerState, StampedRequest } from '../types.js'

/**
 * What changes while a signer lives, apart from the store's state. Only actions write it; an app
 * reads it through the signer's getters (`signer.stamper`, `signer.oauthConfig`).
 */
export type SignerClientCurrent = {
  /** What stamps requests now: the session stamper, or a passkey after a passkey login. */
  stamper: Stamper
  /** `/v1/prepare-oauth`'s answer, cached for popup OAuth. */
  oauthConfig: SignerRoutes['/v1/prepare-oauth']['response'] | undefined
  /** `/v1/signer-config`'s answer, cached by `getConfig`. */
  serverConfig: Promise<SignerRoutes['/v1/signer-config']['response']> | undefined
}

/**
 * What every action of `src/actions` takes first: the signer's config, its I/O (`fetch`, `window`),
 * its state (`store`, `events`, `sessions`) and its key holders. `createSignerClient` makes one;
 * `createSigner` decorates it with `signerActions`. The app-facing `Signer` has every field of the
 * client, so an action can be given either.
 */
export type SignerClient = {
  readonly config: ResolvedSignerConfig
  readonly fetch: typeof fetch
  readonly window: SignerWindow | undefined
  readonly store: SignerStore
  readonly events: Emitter<SignerEvents>
  readonly sessions: SessionManager
  /** The key holder that credential bundles are sealed to. */
  readonly sessionStamper: SessionStamper
  /** The current stamper and the server answers the client caches; written by actions only. */
  readonly current: SignerClientCurrent
  getState(): SignerState
  /** Builds a stamped request (`{body, stamp, url}`) for the key API path, e.g. `query/whoami`. */
  stampRequest(path: string, body: Record<string, unknown>): Promise<StampedRequest>
}
