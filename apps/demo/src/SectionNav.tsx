import { useEffect, useState } from 'react'

export type SectionLink = { id: string; label: string }

/**
 * The dashboard's section links, kept at the top of the window while the page scrolls (a row that fits a
 * phone's width); the section in view is marked `aria-current`.
 *
 * @example
 * <SectionNav sections={[{ id: 'wallet', label: 'Wallet' }, { id: 'signing', label: 'Signing' }]} />
 */
export function SectionNav({ sections }: { sections: SectionLink[] }) {
  const [current, setCurrent] = useState(sections[0]?.id)
  useEffect(() => {
    const visible = new Map<string, boolean>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting)
        const first = sections.find(({ id }) => visible.get(id))
        if (first) setCurrent(first.id)
      },
      // The band under the nav: a section counts once its top passes it, until its bottom does.
      { rootMargin: '-64px 0px -55% 0px' },
    )
    for (const { id } of sections) {
      const element = document.getElementById(id)
      if (element) observer.observe(element)
    }
    return () => observer.disconnect()
  }, [sections])
  return (
    <nav className="section-nav" aria-label="Dashboard sections">
      <ul>
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              aria-current={current === id ? 'location' : undefined}
              onClick={() => setCurrent(id)}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
