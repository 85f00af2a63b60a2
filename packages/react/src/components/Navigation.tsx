import { Button } from '../ui/Button.js'
import { texts } from '../ui/texts.js'

/**
 * The card's top row: a back arrow on steps that have one, and a close button in the modal; both
 * are buttons with accessible names ('Back', 'Close').
 *
 * @example
 * <Navigation onBack={back} onClose={close} />
 */
export function Navigation({
  onBack,
  onClose,
}: {
  onBack?: (() => void) | undefined
  onClose?: (() => void) | undefined
}) {
  if (!onBack && !onClose) return null
  return (
    <div className="sigil-nav">
      {onBack ? (
        <Button variant="icon" aria-label={texts.back} onClick={onBack}>
          <span aria-hidden="true">←</span>
        </Button>
      ) : (
        <span />
      )}
      {onClose ? (
        <Button variant="icon" aria-label={texts.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </Button>
      ) : null}
    </div>
  )
}
