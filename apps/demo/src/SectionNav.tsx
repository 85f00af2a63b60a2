import { useEffect, useState } from 'react'

export type SectionLink = { id: string; label: string }

/** How far below the window's top a section's heading counts as reached: just under the sticky nav. */
const reachedLine = 96

/**
 * The dashboard's section links, kept at the top of the window while the page scrolls (a row that fits a
 * phone's width); the section being read is marked `aria-current`: the one last picked in the nav while its
 * heading is on screen (a section near the page's end cannot scroll to the top), else the last one whose top
 * has passed under the nav, or the last section once the page is scrolled to its end.
 *
 * @example
 * <SectionNav sections={[{ id: 'wallet', label: 'Wallet' }, { id: 'signing', label: 'Signing' }]} />
 */
export function SectionNav({ sections }: { sections: SectionLink[] }) {
  const [current, setCurrent] = useState(sections[0]?.id)
  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      const root = document.documentElement
      const atEnd = window.innerHeight + window.scrollY >= root.scrollHeight - 2 && window.scrollY > 0
      let reached = sections[0]?.id
      for (const { id } of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top
        if (top !== undefined && top <= reachedLine) reached = id
      }
      const picked = sections.find(({ id }) => `#${id}` === window.location.hash)?.id
      const pickedTop = picked ? document.getElementById(picked)?.getBoundingClientRect().top : undefined
      const pickedOnScreen = pickedTop !== undefined && pickedTop >= 0 && pickedTop < window.innerHeight
      setCurrent(pickedOnScreen ? picked : atEnd ? sections.at(-1)?.id : reached)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    window.addEventListener('hashchange', schedule)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      window.removeEventListener('hashchange', schedule)
    }
  }, [sections])
  return (
    <nav className="section-nav" aria-label="Dashboard sections">
      <ul>
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a href={`#${id}`} aria-current={current === id ? 'location' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
