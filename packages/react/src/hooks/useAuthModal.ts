import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseAuthModalReturnType = {
  isOpen: boolean
  openAuthModal: () => void
  closeAuthModal: () => void
}

/**
 * Opens and closes the sign-in modal (`AuthModal`, rendered once inside `<SigilProvider>`).
 *
 * @example
 * const { openAuthModal } = useAuthModal()
 * <button onClick={openAuthModal}>Sign in</button>
 */
export function useAuthModal(): UseAuthModalReturnType {
  const { authModal } = useSigilContext('useAuthModal')
  const getSnapshot = useCallback(() => authModal.getState().isOpen, [authModal])
  const isOpen = useSyncExternalStore(authModal.subscribe, getSnapshot, getSnapshot)
  const openAuthModal = useCallback(() => authModal.setState({ isOpen: true }), [authModal])
  const closeAuthModal = useCallback(() => authModal.setState({ isOpen: false }), [authModal])
  return { isOpen, openAuthModal, closeAuthModal }
}
