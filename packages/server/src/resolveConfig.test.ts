import { expect, test } from 'vitest'
import { resolveConfig } from './resolveConfig.js'

test('default: the Solana fee payer pays at most 1,000,000 lamports per transaction under a policy without a limit', () => {
  expect(resolveConfig({ env: {} }).solanaMaxFeeLamports).toBe(1_000_000n)
})

test('behavior: SIGIL_SOLANA_MAX_FEE_LAMPORTS sets the cap, 0 turns it off, the config option wins', () => {
  expect(resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '50000' } }).solanaMaxFeeLamports).toBe(
    50_000n,
  )
  expect(resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '0' } }).solanaMaxFeeLamports).toBeNull()
  expect(
    resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '50000' }, solanaMaxFeeLamports: 7 })
      .solanaMaxFeeLamports,
  ).toBe(7n)
})

test('error: a cap that is not a whole number of lamports is refused at start', () => {
  expect(() => resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '-1' } })).toThrow(
    'SIGIL_SOLANA_MAX_FEE_LAMPORTS must be a non-negative number',
  )
  expect(() => resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '1.5' } })).toThrow(
    'SIGIL_SOLANA_MAX_FEE_LAMPORTS must be a whole number of lamports',
  )
})

test('default: outside dev mode there is no dev mailbox and no localhost passkey origin or RP id', () => {
  const config = resolveConfig({ env: {} })
  expect(config).toMatchObject({ dev: false, devMailbox: false, webauthnOrigins: [], webauthnRpIds: [] })
  expect(resolveConfig({ env: {}, devMailbox: false }).devMailbox).toBe(false)
})

test('behavior: dev mode turns on the dev mailbox without SMTP and the localhost passkey defaults', () => {
  expect(resolveConfig({ env: {}, dev: true })).toMatchObject({
    dev: true,
    devMailbox: true,
    webauthnOrigins: ['http://localhost:5173', 'http://localhost:8787'],
    webauthnRpIds: ['localhost'],
  })
  expect(resolveConfig({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' }, dev: true }).devMailbox).toBe(false)
  expect(resolveConfig({ env: {}, dev: true, devMailbox: false }).devMailbox).toBe(false)
})

test('behavior: configured passkey origins and RP ids count with or without dev mode', () => {
  const env = { SIGIL_WEBAUTHN_ORIGINS: 'https://wallet.example', SIGIL_WEBAUTHN_RP_IDS: 'wallet.example' }
  for (const dev of [false, true])
    expect(resolveConfig({ env, dev })).toMatchObject({
      webauthnOrigins: ['https://wallet.example'],
      webauthnRpIds: ['wallet.example'],
    })
})

test('behavior: SIGIL_ALLOW_INSECURE_KEY_FILE=1 or the config option allows a key file others can read', () => {
  expect(resolveConfig({ env: {} }).allowInsecureKeyFile).toBe(false)
  expect(resolveConfig({ env: { SIGIL_ALLOW_INSECURE_KEY_FILE: 'true' } }).allowInsecureKeyFile).toBe(false)
  expect(resolveConfig({ env: { SIGIL_ALLOW_INSECURE_KEY_FILE: '1' } }).allowInsecureKeyFile).toBe(true)
  expect(resolveConfig({ env: {}, allowInsecureKeyFile: true }).allowInsecureKeyFile).toBe(true)
})

test('error: the dev mailbox without dev mode is refused', () => {
  expect(() => resolveConfig({ env: {}, devMailbox: true })).toThrow('devMailbox needs dev mode')
})

test('default: the priority fee the paymaster signs for is at most 2× the node estimate', () => {
  expect(resolveConfig({ env: {} }).sponsorMaxPriorityFeeMultiplier).toBe(2)
})

test('behavior: SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER sets it, the config option wins', () => {
  const env = { SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER: '1.5' }
  expect(resolveConfig({ env }).sponsorMaxPriorityFeeMultiplier).toBe(1.5)
  expect(resolveConfig({ env, sponsorMaxPriorityFeeMultiplier: 3 }).sponsorMaxPriorityFeeMultiplier).toBe(3)
})

test('error: a priority-fee multiplier outside 1–100 is refused at start', () => {
  for (const value of ['0.5', '101', 'x'])
    expect(() => resolveConfig({ env: { SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER: value } })).toThrow(
      /^SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER must be (between 1 and 100|a non-negative number)$/,
    )
})
