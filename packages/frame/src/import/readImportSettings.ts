/** The style properties `APPLY_SETTINGS` may set, as `@turnkey/iframe-stamper`'s `TIframeStyles` names them. */
const styleProperties = {
  padding: 'padding',
  margin: 'margin',
  borderWidth: 'border-width',
  borderStyle: 'border-style',
  borderColor: 'border-color',
  borderRadius: 'border-radius',
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  fontFamily: 'font-family',
  color: 'color',
  backgroundColor: 'background-color',
  width: 'width',
  height: 'height',
  maxWidth: 'max-width',
  maxHeight: 'max-height',
  lineHeight: 'line-height',
  boxShadow: 'box-shadow',
  textAlign: 'text-align',
  overflowWrap: 'overflow-wrap',
  wordWrap: 'word-wrap',
  resize: 'resize',
} as const

/** One allowed style, as a CSS property and value (`labelColor` styles the field's label). */
export type ImportStyle = { target: 'field' | 'label'; property: string; value: string }

export type ImportSettings = {
  /** Styles of the secret's textarea and its label. */
  styles: ImportStyle[]
  /** Styles of the passphrase input and its label. */
  passphraseStyles: ImportStyle[]
  /** Whether the passphrase field is shown; unchanged when absent. */
  enablePassphrase?: boolean
}

/**
 * A value that stays one plain CSS value: words, numbers, units, colours, commas, parentheses
 * (`rgb(…)`), quotes (font names); no `;`, braces, `\`, `<`, `url(`, `image-set(`, `@` or comments.
 */
const safeValue = /^[\w\s#%.,()'"+-]*$/
const forbidden = /url\(|image-set\(|image\(|element\(|expression\(|var\(|attr\(/i

function readStyles(value: unknown, what: string): ImportStyle[] {
  if (value === undefined) return []
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`invalid settings: ${what} must be an object`)
  return Object.entries(value).map(([name, styleValue]) => {
    if (
      typeof styleValue !== 'string' ||
      styleValue.length > 100 ||
      !safeValue.test(styleValue) ||
      forbidden.test(styleValue)
    )
      throw new Error(`invalid settings: ${what}.${name} is not a plain CSS value`)
    if (name === 'labelColor') return { target: 'label', property: 'color', value: styleValue }
    const property = styleProperties[name as keyof typeof styleProperties]
    if (!property)
      throw new Error(`invalid settings: ${what}.${name} is not a style the import frame applies`)
    return { target: 'field', property, value: styleValue }
  })
}

/**
 * Reads the `value` of an import frame's `APPLY_SETTINGS` (`@turnkey/iframe-stamper`'s
 * `TIframeSettings` as JSON): `styles` and `passphraseStyles` limited to the properties
 * iframe-stamper names, each a plain CSS value, and `enablePassphrase`; other fields are ignored.
 * A bad style refuses the settings whole, so they never apply half (docs/protocol.md#import-frame).
 *
 * @example
 * readImportSettings('{"styles":{"fontSize":"16px"},"enablePassphrase":true}')
 */
export function readImportSettings(value: unknown): ImportSettings {
  if (typeof value !== 'string') throw new Error('invalid settings: value must be a JSON string')
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new Error('invalid settings: value is not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('invalid settings: value must be a JSON object')
  const { styles, passphraseStyles, enablePassphrase } = parsed as Record<string, unknown>
  if (enablePassphrase !== undefined && typeof enablePassphrase !== 'boolean')
    throw new Error('invalid settings: enablePassphrase must be a boolean')
  return {
    styles: readStyles(styles, 'styles'),
    passphraseStyles: readStyles(passphraseStyles, 'passphraseStyles'),
    ...(enablePassphrase === undefined ? {} : { enablePassphrase }),
  }
}
