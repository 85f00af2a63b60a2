import './sigil.css'
import { disconnect, watchSignerStatus } from '@sigil/core'
import { useEffect, useRef } from 'react'
import { useAuthModal } from '../hooks/useAuthModal.js'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { texts } from '../ui/texts.js'
import { AuthStepView } from './AuthStepView.js'
import type { AuthUiConfig } from './AuthUiConfig.js'
import { AuthUiContext } from './AuthUiContext.js'
import { Navigation } from './Navigation.js'
import { canGoBack, shouldDisconnectOnBack } from './nextAuthStep.js'
import { useAuthStep } from './useAuthStep.js'
import { useAuthUiConfig } from './useAuthUiConfig.js'

export type AuthCardProps = AuthUiConfig & {
  className?: string | undefined
  /** `light`, `dark`, or `auto` (the system's `prefers-color-scheme`; default). */
  theme?: 'light' | 'dark' | 'auto' | undefined
  /** Shows a close button that calls this (the modal uses it). */
  onClose?: (() => void) | undefined
}

/**
 * The sign-in card (reference §3.3 `AuthCard`): every step of spec §2, driven by the UI options of
 * the config (`createConfig(parameters, ui)`), which props override. Needs `<SigilProvider>`; shares
 * its step with `AuthModal`. When the user is signed in it calls `onAuthSuccess` and closes the modal.
 *
 * @example
 * <SigilProvider config={config} queryClient={queryClient}>
 *   <AuthCard sections={[[{ type: 'email' }], [{ type: 'passkey' }]]} onAuthSuccess={() => navigate('/')} />
 * </SigilProvider>
 */
export function AuthCard({ className, theme = 'auto', onClose, ...overrides }: AuthCardProps) {
  const ui = useAuthUiConfig(overrides)
  const config = useSigilConfig()
  const { authStep, dispatch } = useAuthStep()
  const { closeAuthModal } = useAuthModal()
  const card = useRef<HTMLDivElement>(null)
  const onAuthSuccess = useRef(ui.onAuthSuccess)
  onAuthSuccess.current = ui.onAuthSuccess

  // An emailed link's return completes while the signer starts: 'Completing login'. Watched on the
  // store itself, as the return can pass AUTHENTICATING_EMAIL between two renders.
  // An OAuth sign-in (popup, or a redirect return) of a user with a TOTP factor stops at
  // AWAITING_MFA_AUTH: the code step finishes it with validateMultiFactors.
  useEffect(() => {
    const mfaFrom = ['initial', 'oauth_completing'] as const
    let previous = config.store.getState().signerStatus.status
    if (previous === 'AWAITING_MFA_AUTH') dispatch({ type: 'MFA_REQUIRED', previousStep: 'otp' }, mfaFrom)
    return watchSignerStatus(config)(({ status }) => {
      if (previous === 'INITIALIZING' && status === 'AUTHENTICATING_EMAIL')
        dispatch({ type: 'EMAIL_COMPLETING' }, 'initial')
      if (status === 'AWAITING_MFA_AUTH' && previous !== status)
        dispatch({ type: 'MFA_REQUIRED', previousStep: 'otp' }, mfaFrom)
      previous = status
    })
  }, [config, dispatch])

  useEffect(() => {
    if (authStep.type !== 'complete') return
    closeAuthModal()
    onAuthSuccess.current?.()
    dispatch({ type: 'RESET' }, 'complete')
  }, [authStep.type, closeAuthModal, dispatch])

  // A new step replaces the focused button: keep focus in the card, on the step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every step change
  useEffect(() => {
    const root = card.current
    if (!root || root.contains(document.activeElement)) return
    const heading = root.querySelector<HTMLElement>('h2')
    if (heading && document.activeElement === document.body) {
      heading.tabIndex = -1
      heading.focus()
    }
  }, [authStep])

  const onBack = canGoBack(authStep)
    ? () => {
        if (shouldDisconnectOnBack(authStep)) void disconnect(config).catch(() => undefined)
        dispatch({ type: 'BACK' })
      }
    : undefined

  return (
    <AuthUiContext.Provider value={ui}>
      <div ref={card} className={`sigil-theme sigil-card ${className ?? ''}`} data-theme={theme}>
        <Navigation onBack={onBack} onClose={onClose} />
        <AuthStepView authStep={authStep} />
        <p className="sigil-footer">{texts.protectedBy} Sigil</p>
      </div>
    </AuthUiContext.Provider>
  )
}
