/**
 * A decorative spinner (hidden from screen readers; the step's text says what is going on).
 *
 * @example
 * <Spinner />
 */
export function Spinner() {
  return <div className="sigil-spinner" aria-hidden="true" />
}
