import type { WindowEventSource } from '../session/createSessionManager.js'
import type { StorageOption } from '../session/resolveStorage.js'
import type { SessionStamper } from '../stampers/Stamper.js'

/** The parts of `window` the signer uses; injectable so that Node tests can drive them. */
export type SignerWindow = WindowEventSource & {
  open?:
    | ((url: string, target: string, features: string) => Pick<Window, 'closed' | 'close'> | null)
    | undefined
  location?: { href: string; origin: string } | undefined
  history?: Pick<History, 'replaceState'> | undefined
}

export type CreateSignerParameters = {
  /** Where the sign-in service is, and how the app identifies itself to it. */
  connection: { rpcUrl: string; apiKey?: string | undefined; jwt?: string | undefined }
  iframeConfig?:
    | {
        /** Default `'turnkey-iframe'`. */
        iframeElementId?: string | undefined
        /** The element the key frame is put in. Required unless `stamper` is given. */
        iframeContainerId: string
        /** Default `${rpcUrl}/frame/auth`. */
        iframeUrl?: string | undefined
        /** Default `${rpcUrl}/frame/export`. */
        exportIframeUrl?: string | undefined
      }
    | undefined
  /** The WebAuthn relying party id; default the page's hostname. */
  rpId?: string | undefined
  /** Default `'24c1acf5-810f-41e0-a503-d5d13fa8e830'` (Sigil's alias of its root organization). */
  rootOrgId?: string | undefined
  /** Default `${rpcUrl}/signer/v1/oauth/callback`. */
  oauthCallbackUrl?: string | undefined
  /** Prepare popup OAuth at start (default false). */
  enablePopupOauth?: boolean | undefined
  sessionConfig?:
    | {
        /** Default `'alchemy-signer-session'`. */
        sessionKey?: string | undefined
        /** Default `'localStorage'` (an in-memory storage where there is none, as in Node). */
        storage?: StorageOption | undefined
        /** Default 900000 (15 minutes). */
        expirationTimeMs?: number | undefined
      }
    | undefined
  /** The key holder; default the key frame (`createFrameStamper`). Node passes its own. */
  stamper?: SessionStamper | undefined
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
  /** Default `globalThis.window` when it exists. */
  window?: SignerWindow | undefined
}

export type ResolvedSignerConfig = {
  connection: { rpcUrl: string; apiKey: string | undefined; jwt: string | undefined }
  iframeConfig: {
    iframeElementId: string
    iframeContainerId: string | undefined
    iframeUrl: string
    exportIframeUrl: string
  }
  rpId: string | undefined
  rootOrgId: string
  oauthCallbackUrl: string
  enablePopupOauth: boolean
  sessionConfig: { sessionKey: string; storage: Storage; expirationTimeMs: number }
}
