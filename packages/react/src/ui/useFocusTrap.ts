import { type RefObject, useEffect } from 'react'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export type UseFocusTrapOptions = {
  /**
   * Let focus leave for a while (e.g. for the wallet popup drawn above the modal): Tab is not held in
   * the element, and focus is not taken back; the trap holds again when this turns false.
   */
  released?: boolean | undefined
}

/**
 * Keeps keyboard focus inside `ref` while `active`: Tab from the last focusable element goes to the
 * first, Shift+Tab from the first to the last; focus moves into the element when it opens (unless
 * something inside already has it) and returns to what had it before when it closes. While
 * `released`, focus may leave (docs/sign-in-ui.md#screens, `wallet_connect`).
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null)
 * useFocusTrap(ref, isOpen, { released: walletPopupOpen })
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  { released = false }: UseFocusTrapOptions = {},
): void {
  useEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const previous = document.activeElement as HTMLElement | null
    if (!container.contains(document.activeElement))
      (container.querySelector<HTMLElement>(focusable) ?? container).focus()
    return () => {
      if (previous && document.contains(previous)) previous.focus()
    }
  }, [ref, active])

  useEffect(() => {
    const container = ref.current
    if (!active || released || !container) return
    const items = () => [...container.querySelectorAll<HTMLElement>(focusable)]
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const list = items()
      const first = list[0]
      const last = list[list.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const current = document.activeElement
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [ref, active, released])
}
