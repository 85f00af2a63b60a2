import { useSyncExternalStore } from 'react'
import { type Appearance, appearanceChoices, defaultAppearance } from './appearanceChoices'

/** Where the choice is kept, so it survives a reload and a closed browser. */
const storageKey = 'sigil-demo-appearance'

let current: Appearance = readAppearance()
const listeners = new Set<() => void>()

/**
 * The demo's appearance and a setter: the theme (system, light, dark), accent, corner radius and font,
 * kept in `localStorage` and applied to the page at once (`applyAppearance`).
 *
 * @example
 * const [appearance, setAppearance] = useAppearance()
 * setAppearance({ theme: 'dark' })
 */
export function useAppearance(): [Appearance, (change: Partial<Appearance>) => void] {
  const appearance = useSyncExternalStore(subscribe, () => current)
  return [appearance, setAppearance]
}

function setAppearance(change: Partial<Appearance>) {
  current = { ...current, ...change }
  try {
    localStorage.setItem(storageKey, JSON.stringify(current))
  } catch {
    // Storage off (a private window's policy): the choice lasts until the page closes.
  }
  applyAppearance(current)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Sets the appearance on `<html>`: `data-theme` (which picks the `color-scheme`) and the `--demo-accent`,
 * `--demo-accent-soft`, `--demo-radius` and `--demo-font` custom properties, which the dashboard and the
 * sign-in card read (docs/theming.md).
 *
 * @example
 * applyAppearance(readAppearance())
 */
export function applyAppearance(appearance: Appearance = current) {
  const root = document.documentElement
  const accent = appearanceChoices.accents[appearance.accent]
  root.dataset.theme = appearance.theme
  root.style.setProperty('--demo-accent', accent.accent)
  root.style.setProperty('--demo-accent-soft', accent.soft)
  root.style.setProperty('--demo-radius', `${appearance.radius}px`)
  root.style.setProperty('--demo-font', appearanceChoices.fonts[appearance.font].stack)
}

/** The saved appearance, each part checked (a stale or edited entry falls back to the default part). */
function readAppearance(): Appearance {
  let saved: Partial<Record<keyof Appearance, unknown>> = {}
  try {
    saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') ?? {}
  } catch {
    saved = {}
  }
  const { radius } = appearanceChoices
  return {
    theme: oneOf(saved.theme, appearanceChoices.themes) ?? defaultAppearance.theme,
    accent: oneOf(saved.accent, appearanceChoices.accents) ?? defaultAppearance.accent,
    font: oneOf(saved.font, appearanceChoices.fonts) ?? defaultAppearance.font,
    radius:
      typeof saved.radius === 'number' && saved.radius >= radius.min && saved.radius <= radius.max
        ? saved.radius
        : defaultAppearance.radius,
  }
}

function oneOf<T extends object>(value: unknown, choices: T): keyof T | undefined {
  return typeof value === 'string' && Object.hasOwn(choices, value) ? (value as keyof T) : undefined
}
