import { useId } from 'react'
import { appearanceChoices, defaultAppearance } from './appearanceChoices'
import { useAppearance } from './useAppearance'

/**
 * 'Appearance': the theme (system, light, dark), an accent colour, the corner radius and the font, applied
 * at once to the dashboard and the sign-in card and kept for the next visit; below, the CSS custom
 * properties the choice sets, as an app would write them (docs/theming.md).
 *
 * @example
 * <AppearancePanel id="appearance" />
 */
export function AppearancePanel({ id }: { id: string }) {
  const [appearance, setAppearance] = useAppearance()
  const radiusId = useId()
  const { themes, accents, fonts, radius } = appearanceChoices
  return (
    <aside id={id} className="panel appearance" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Appearance</h2>
      <p className="panel-description">
        The page and the sign-in card are themed with CSS custom properties: change them here and watch both.
      </p>
      <div className="appearance-controls">
        <Choice
          legend="Theme"
          name={`${id}-theme`}
          options={themes}
          value={appearance.theme}
          onChange={(theme) => setAppearance({ theme })}
        />
        <Choice
          legend="Accent colour"
          name={`${id}-accent`}
          options={labelsOf(accents)}
          value={appearance.accent}
          onChange={(accent) => setAppearance({ accent })}
          swatch={(key) => accents[key].accent}
        />
        <div className="appearance-field">
          <label className="field-label" htmlFor={radiusId}>
            Corner radius
          </label>
          <div className="range-row">
            <input
              id={radiusId}
              type="range"
              min={radius.min}
              max={radius.max}
              step={radius.step}
              value={appearance.radius}
              onChange={(event) => setAppearance({ radius: Number(event.target.value) })}
            />
            <output htmlFor={radiusId}>{appearance.radius} px</output>
          </div>
        </div>
        <Choice
          legend="Font"
          name={`${id}-font`}
          options={labelsOf(fonts)}
          value={appearance.font}
          onChange={(font) => setAppearance({ font })}
        />
      </div>
      <details className="details">
        <summary>The CSS this sets</summary>
        <pre className="code-block" data-testid="appearance-css">
          {[
            ':root {',
            `  --demo-accent: ${accents[appearance.accent].accent};`,
            `  --demo-accent-soft: ${accents[appearance.accent].soft};`,
            `  --demo-radius: ${appearance.radius}px;`,
            `  --demo-font: ${fonts[appearance.font].stack};`,
            '}',
            '/* The card reads them: --sigil-accent, --sigil-radius, --sigil-font (docs/theming.md). */',
          ].join('\n')}
        </pre>
      </details>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setAppearance(defaultAppearance)}
      >
        Reset to default
      </button>
    </aside>
  )
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  swatch,
}: {
  legend: string
  name: string
  options: Record<T, string>
  value: T
  onChange: (value: T) => void
  /** The colour shown beside each option (accents). */
  swatch?: (key: T) => string
}) {
  return (
    <fieldset className="appearance-field choice">
      <legend className="field-label">{legend}</legend>
      <div className="choice-options">
        {(Object.entries(options) as [T, string][]).map(([key, label]) => (
          <label key={key} className="choice-option">
            <input
              type="radio"
              name={name}
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
            />
            {swatch ? (
              <span className="swatch" aria-hidden="true" style={{ background: swatch(key) }} />
            ) : null}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** `{ key: { label, … } }` as `{ key: label }`, for `Choice`. */
function labelsOf<T extends string>(choices: Record<T, { label: string }>): Record<T, string> {
  return Object.fromEntries(
    Object.entries<{ label: string }>(choices).map(([key, { label }]) => [key, label]),
  ) as Record<T, string>
}
