import './sigil.css'
import { disconnect, watchSignInStep } from '@sigil/core'
import { type MouseEvent, useCallback, useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useAuthModal } from '../hooks/useAuthModal.js'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { useSignerStatus } from '../hooks/useSignerStatus.js'
import { texts } from '../ui/texts.js'
import { useFocusTrap } from '../ui/useFocusTrap.js'
import { AuthCard, type AuthCardProps } from './AuthCard.js'
import { useAuthStep } from './useAuthStep.js'
import { useAuthUiConfig } from './useAuthUiConfig.js'

export type AuthModalProps = Omit<AuthCardProps, 'onClose'>

/**
 * The sign-in modal (docs/sign-in-ui.md): `AuthCard` in a `role="dialog"` with
 * `aria-modal`, drawn over the page while `useAuthModal().isOpen`. Focus stays inside it (Tab
 * wraps; not while WalletConnect's popup is open above it, at z-index 1000000) and returns where it
 * was when it closes; Escape, the close button and a click outside
 * close it, which ends a sign-in in flight (disconnect) unless the user is signed in. With
 * `addPasskeyOnSignup`, a sign-up that finishes while it is closed (an emailed link or an OAuth
 * redirect coming back) opens it at 'Add a passkey'.
 *
 * @example
 * const { openAuthModal } = useAuthModal()
 * <button onClick={openAuthModal}>Sign in</button>
 * <AuthModal />
 */
export function AuthModal({ theme = 'auto', className, ...props }: AuthModalProps) {
  const { isOpen, openAuthModal, closeAuthModal } = useAuthModal()
  const { isConnected } = useSignerStatus()
  const config = useSigilConfig()
  const { authStep, dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUiConfig(props)
  const dialog = useRef<HTMLDivElement>(null)
  // WalletConnect's popup is drawn above the modal (z-index 1000000): the user works in it meanwhile.
  useFocusTrap(dialog, isOpen, { released: authStep.type === 'wallet_connect' })

  // A sign-up completed outside the modal: offer the passkey in it (docs/sign-in-ui.md#steps).
  useEffect(() => {
    if (!addPasskeyOnSignup || isOpen) return
    return watchSignInStep(config)((step) => {
      if (step.next !== 'done' || !step.isNewUser) return
      dispatch({ type: 'CONNECTED', isNewUser: true, addPasskeyOnSignup }, ['initial', 'email_completing'])
      openAuthModal()
    })
  }, [addPasskeyOnSignup, isOpen, config, dispatch, openAuthModal])

  const close = useCallback(() => {
    if (!isConnected) void disconnect(config).catch(() => undefined)
    dispatch({ type: 'CLOSE' })
    closeAuthModal()
  }, [isConnected, config, dispatch, closeAuthModal])

  useEffect(() => {
    if (!isOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      close()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [isOpen, close])

  if (!isOpen || typeof document === 'undefined') return null
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) close()
  }
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop's click is a mouse shortcut; Escape and the close button do the same
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes (handled on the document)
    <div className="sigil-theme sigil-backdrop" data-theme={theme} onClick={onBackdrop}>
      <div
        ref={dialog}
        className="sigil-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={texts.signIn}
        tabIndex={-1}
      >
        <AuthCard {...props} theme={theme} className={className} onClose={close} />
      </div>
    </div>,
    document.body,
  )
}
