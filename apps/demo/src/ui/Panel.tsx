import { type ReactNode, useId } from 'react'

export type PanelProps = {
  title: string
  /** One line under the title. */
  description?: ReactNode
  children?: ReactNode
  className?: string | undefined
}

/**
 * A dashboard card: a titled `section` (labelled by its heading, so screen readers list it), its heading an
 * `h3` under the dashboard section's `h2`.
 *
 * @example
 * <Panel title="Sign a message">…</Panel>
 */
export function Panel({ title, description, children, className }: PanelProps) {
  const titleId = useId()
  return (
    <section className={`panel ${className ?? ''}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {description ? <p className="panel-description">{description}</p> : null}
      {children}
    </section>
  )
}
