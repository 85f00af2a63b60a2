import { describe, expect, test } from 'vitest'
import { readImportSettings } from './readImportSettings.js'

describe('readImportSettings', () => {
  test('default', () => {
    expect(
      readImportSettings(
        JSON.stringify({
          styles: { fontSize: '16px', backgroundColor: 'rgb(10, 20, 30)', labelColor: '#123456' },
          passphraseStyles: { borderRadius: '4px' },
          enablePassphrase: true,
        }),
      ),
    ).toEqual({
      styles: [
        { target: 'field', property: 'font-size', value: '16px' },
        { target: 'field', property: 'background-color', value: 'rgb(10, 20, 30)' },
        { target: 'label', property: 'color', value: '#123456' },
      ],
      passphraseStyles: [{ target: 'field', property: 'border-radius', value: '4px' }],
      enablePassphrase: true,
    })
  })

  test('behavior: empty settings change nothing; unknown top-level fields are ignored', () => {
    expect(readImportSettings('{}')).toEqual({ styles: [], passphraseStyles: [] })
    expect(readImportSettings('{"later":1}')).toEqual({ styles: [], passphraseStyles: [] })
    expect(
      readImportSettings('{"fontFamily":"x","styles":{"fontFamily":"\\"Inter\\", sans-serif"}}'),
    ).toEqual({
      styles: [{ target: 'field', property: 'font-family', value: '"Inter", sans-serif' }],
      passphraseStyles: [],
    })
  })

  test('error: properties outside the allow-list', () => {
    expect(() => readImportSettings('{"styles":{"backgroundImage":"none"}}')).toThrow(
      'invalid settings: styles.backgroundImage is not a style the import frame applies',
    )
    expect(() => readImportSettings('{"passphraseStyles":{"display":"none"}}')).toThrow(
      'invalid settings: passphraseStyles.display is not a style the import frame applies',
    )
  })

  test('error: values that are not one plain CSS value', () => {
    for (const value of [
      'url(https://attacker.example/x)',
      'red; display: none',
      'red}body{display:none',
      'image-set("x.png" 1x)',
      'var(--x)',
      '\\75rl(x)',
      'x'.repeat(101),
      12,
    ])
      expect(
        () => readImportSettings(JSON.stringify({ styles: { backgroundColor: value } })),
        String(value),
      ).toThrow('invalid settings: styles.backgroundColor is not a plain CSS value')
  })

  test('error: malformed values', () => {
    expect(() => readImportSettings('nope')).toThrow('invalid settings: value is not JSON')
    expect(() => readImportSettings(undefined)).toThrow('invalid settings: value must be a JSON string')
    expect(() => readImportSettings('[]')).toThrow('invalid settings: value must be a JSON object')
    expect(() => readImportSettings('{"styles":"x"}')).toThrow('invalid settings: styles must be an object')
    expect(() => readImportSettings('{"enablePassphrase":"yes"}')).toThrow(
      'invalid settings: enablePassphrase must be a boolean',
    )
  })
})
