import { type SignerState, signerStatus } from '../types.js'
import type { Emitter } from './createEmitter.js'
import type { SignerEvents } from './SignerEvents.js'

export type SignerStore = {
  getState(): SignerState
  /** Merges `partial` into the state and emits the events its changes imply. */
  setState(partial: Partial<SignerState>): void
}

/**
 * The signer's state (docs/account-kit.md#signer: user, status, error, mfaStatus, isNewUser, otpId). Changes emit
 * `statusChanged`, `errorChanged`, `mfaStatusChanged`, `connected` (status became CONNECTED),
 * `disconnected` (status became DISCONNECTED) and `newUserSignup` (isNewUser became true).
 *
 * @example
 * const store = createSignerStore(emitter)
 * store.setState({ status: 'DISCONNECTED' }) // emits statusChanged, disconnected
 */
export function createSignerStore(emitter: Emitter<SignerEvents>): SignerStore {
  let state: SignerState = {
    status: signerStatus.INITIALIZING,
    user: undefined,
    error: undefined,
    mfaStatus: { mfaRequired: false },
    isNewUser: undefined,
    otpId: undefined,
  }
  return {
    getState: () => state,
    setState(partial) {
      const previous = state
      state = { ...state, ...partial }
      if (state.status !== previous.status) emitter.emit('statusChanged', state.status)
      if (JSON.stringify(state.error) !== JSON.stringify(previous.error))
        emitter.emit('errorChanged', state.error)
      if (JSON.stringify(state.mfaStatus) !== JSON.stringify(previous.mfaStatus))
        emitter.emit('mfaStatusChanged', state.mfaStatus)
      if (state.status !== previous.status && state.status === signerStatus.CONNECTED && state.user)
        emitter.emit('connected', state.user)
      if (state.status !== previous.status && state.status === signerStatus.DISCONNECTED)
        emitter.emit('disconnected')
      if (state.isNewUser && !previous.isNewUser) emitter.emit('newUserSignup')
    },
  }
}
