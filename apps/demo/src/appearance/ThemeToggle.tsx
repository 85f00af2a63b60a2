import { useAppearance } from './useAppearance'
import { useSystemDark } from './useSystemDark'

/**
 * The header's 'Dark mode' switch: pressed while the page is dark (by choice, or by the system's setting
 * while the choice is 'System'); a press picks the other theme and keeps it (the Appearance panel has
 * 'System' again).
 *
 * @example
 * <ThemeToggle />
 */
export function ThemeToggle() {
  const [{ theme }, setAppearance] = useAppearance()
  const systemDark = useSystemDark()
  const dark = theme === 'dark' || (theme === 'auto' && systemDark)
  return (
    <button
      type="button"
      className="button button-small button-secondary"
      aria-pressed={dark}
      onClick={() => setAppearance({ theme: dark ? 'light' : 'dark' })}
    >
      <span aria-hidden="true" className="button-icon">
        ☾
      </span>
      Dark mode
    </button>
  )
}
