/** The key formats the export frame shows. */
export type KeyFormat = 'HEXADECIMAL' | 'SOLANA'

const keyFormats: readonly string[] = ['HEXADECIMAL', 'SOLANA'] satisfies KeyFormat[]

/**
 * The `keyFormat` of an `INJECT_KEY_EXPORT_BUNDLE`, checked before the bundle is opened: absent means
 * `HEXADECIMAL`; a format the frame does not show (iframe-stamper 2.x also names
 * `BITCOIN_MAINNET_WIF`, `BITCOIN_TESTNET_WIF`, `SUI_BECH32`) is refused rather than shown as hex
 * (docs/protocol.md#export-frame).
 *
 * @example
 * toKeyFormat(undefined) // 'HEXADECIMAL'
 * toKeyFormat('SUI_BECH32') // throws 'unsupported keyFormat "SUI_BECH32" …'
 */
export function toKeyFormat(value: unknown): KeyFormat {
  if (value === undefined || value === null || value === '') return 'HEXADECIMAL'
  if (typeof value === 'string' && keyFormats.includes(value)) return value as KeyFormat
  throw new Error(
    `unsupported keyFormat ${JSON.stringify(value)}: the export frame shows keys as HEXADECIMAL or SOLANA`,
  )
}
