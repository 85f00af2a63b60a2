import { useSyncExternalStore } from 'react'

const query = '(prefers-color-scheme: dark)'

/**
 * Whether the system asks for dark colours now (`prefers-color-scheme`), following its changes.
 *
 * @example
 * const dark = useSystemDark()
 */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(query).matches)
}

function subscribe(onChange: () => void) {
  const media = matchMedia(query)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}
