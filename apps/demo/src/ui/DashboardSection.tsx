import type { ReactNode } from 'react'

export type DashboardSectionProps = {
  /** The anchor the section nav links to (`#id`). */
  id: string
  title: string
  /** One line under the title: what the section is for. */
  intro: string
  /** `wide`: two columns of wide panels (the wallet's sends) rather than up to three. */
  layout?: 'wide' | 'narrow' | undefined
  children: ReactNode
}

/**
 * One part of the dashboard (wallet, signing, security, export): an `h2`, a line on what it is for, and its
 * panels in a grid that is one column at phone width.
 *
 * @example
 * <DashboardSection id="signing" title="Signing" intro="Sign messages with your keys.">…</DashboardSection>
 */
export function DashboardSection({ id, title, intro, layout, children }: DashboardSectionProps) {
  return (
    <section id={id} className="dashboard-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="muted">{intro}</p>
      </div>
      <div className={`panel-grid${layout ? ` panel-grid-${layout}` : ''}`}>{children}</div>
    </section>
  )
}
