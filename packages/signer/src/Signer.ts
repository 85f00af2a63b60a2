import type { SignerClient } from './client/SignerClient.js'
import type { SignerActions } from './decorators/signerActions.js'
import type { Stamper } from './stampers/Stamper.js'
import type { SignerEvents } from './store/SignerEvents.js'
import type { ErrorInfo, MfaStatus, SignerStatus, User } from './types.js'

/** The state getters of a signer: read-only views of its store and its client's current values. */
export type SignerStateGetters = {
  readonly status: SignerStatus
  readonly user: User | undefined
  readonly error: ErrorInfo | undefined
  readonly mfaStatus: MfaStatus
  readonly isNewUser: boolean | undefined
  readonly otpId: string | undefined
  /** Settles when the stored session (or the return from a redirect) has been handled. */
  readonly ready: Promise<void>
  on<TName extends keyof SignerEvents>(event: TName, listener: SignerEvents[TName]): () => void
  /** What stamps requests now: the session stamper, or a passkey after a passkey login. */
  readonly stamper: Stamper
  /** `/v1/prepare-oauth`'s answer, cached for popup OAuth. */
  readonly oauthConfig: SignerClient['current']['oauthConfig']
  /** `/v1/signer-config`'s answer, cached by `getConfig`. */
  readonly serverConfig: SignerClient['current']['serverConfig']
}

/**
 * A signer made by `createSigner`: its state getters, its methods (`signerActions`: each calls one
 * action of `src/actions` with the client) and the fields of its `SignerClient`, so that every
 * exported action can be called with the signer itself (`signMessage(signer, { message })`).
 */
export type Signer = SignerClient & SignerActions & SignerStateGetters
