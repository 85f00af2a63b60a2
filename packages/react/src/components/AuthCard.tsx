import './sigil.css'
import { disconnect, watchSignInStep } from '@sigil/core'
import { useEffect, useRef } from 'react'
import { useAuthModal } from '../hooks/useAuthModal.js'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { texts } from '../ui/texts.js'
import { AuthStepView } from './AuthStepView.js'
import type { AuthUiConfig } from './AuthUiConfig.js'
import { AuthUiContext } from './AuthUiContext.js'
import { Navigation } from './Navigation.js'
import { canGoBack, shouldDisconnectOnBack } from './nextAuthStep.js'
import { toAuthStepEvent } from './toAuthStepEvent.js'
import { useAuthStep } from './useAuthStep.js'
import { useAuthUiConfig } from './useAuthUiConfig.js'

/** What a step's first field is: a text, email, code or other input, never a hidden or disabled one. */
const firstFieldSelector =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)'

export type AuthCardProps = AuthUiConfig & {
  className?: string | undefined
  /** `light`, `dark`, or `auto` (the system's `prefers-color-scheme`; default). */
  theme?: 'light' | 'dark' | 'auto' | undefined
  /** Shows a close button that calls this (the modal uses it). */
  onClose?: (() => void) | undefined
}

/**
 * The sign-in card (docs/sign-in-ui.md): every step of the sign-in UI, driven by the UI options of
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

  // Sign-ins that finish outside the card's own actions: an emailed link's return ('Completing
  // login', or the link's error on the first step), an OAuth redirect return of a user with a TOTP
  // factor (the code step finishes it).
  useEffect(
    () =>
      watchSignInStep(config, { current: true })((step) => {
        if (step.next === 'completing') dispatch(toAuthStepEvent(step), 'initial')
        if (step.next === 'mfa') dispatch(toAuthStepEvent(step), ['initial', 'oauth_completing'])
        // An emailed link that could not be used (used, expired, wrong) lands here with its error: say it.
        if (step.next === 'failed')
          dispatch({ type: 'FAILED', error: step.error }, ['initial', 'email_completing'])
      }),
    [config, dispatch],
  )

  useEffect(() => {
    if (authStep.type !== 'complete') return
    closeAuthModal()
    onAuthSuccess.current?.()
    dispatch({ type: 'RESET' }, 'complete')
  }, [authStep.type, closeAuthModal, dispatch])

  // A new step replaces the focused button: keep focus in the card, on the step's first field (so the
  // user types at once); a step without one focuses its heading, for screen readers, with no ring drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every step change
  useEffect(() => {
    const root = card.current
    if (!root || root.contains(document.activeElement) || document.activeElement !== document.body) return
    const field = root.querySelector<HTMLElement>(firstFieldSelector)
    if (field) return field.focus({ preventScroll: true })
    const heading = root.querySelector<HTMLElement>('h2')
    if (!heading) return
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
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
