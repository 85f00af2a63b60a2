/** Light, dark, or the system's setting ('auto'), as the sign-in card's `theme` prop takes it. */
export type ThemeChoice = 'auto' | 'light' | 'dark'

/** What the Appearance panel sets: the theme, an accent, the corner radius (px) and the font. */
export type Appearance = {
  theme: ThemeChoice
  accent: keyof typeof appearanceChoices.accents
  radius: number
  font: keyof typeof appearanceChoices.fonts
}

/**
 * The choices the demo offers. Each accent has a light and a dark shade (CSS `light-dark()`), chosen so text
 * on it and links in it keep a 4.5:1 contrast on both themes; any colour works in `--demo-accent`, these are
 * the demo's picks.
 */
export const appearanceChoices = {
  themes: { auto: 'System', light: 'Light', dark: 'Dark' } satisfies Record<ThemeChoice, string>,
  accents: {
    indigo: { label: 'Indigo', accent: 'light-dark(#4338ca, #a5b4fc)', soft: 'light-dark(#eef0ff, #1e2547)' },
    teal: { label: 'Teal', accent: 'light-dark(#0f766e, #5eead4)', soft: 'light-dark(#e6f6f4, #123331)' },
    rose: { label: 'Rose', accent: 'light-dark(#be123c, #fda4af)', soft: 'light-dark(#fdecef, #3b1720)' },
    amber: { label: 'Amber', accent: 'light-dark(#92400e, #fcd34d)', soft: 'light-dark(#fdf3e3, #3a2a0c)' },
  },
  fonts: {
    system: { label: 'System', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    serif: { label: 'Serif', stack: 'Georgia, Cambria, "Times New Roman", serif' },
    mono: { label: 'Monospace', stack: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
  },
  radius: { min: 0, max: 24, step: 2 },
} as const

/** The demo as it ships: the system's theme, indigo, 12 px corners, the system font. */
export const defaultAppearance: Appearance = { theme: 'auto', accent: 'indigo', radius: 12, font: 'system' }
