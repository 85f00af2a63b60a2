import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createMasterKeyProvider } from './createMasterKeyProvider.js'
import { createVault } from './createVault.js'
import { VaultError } from './errors.js'

const masterKey = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex')
const vault = createVault({ keyProvider: createMasterKeyProvider({ masterKey }) })
const seed = new TextEncoder().encode('test test test test test test test test test test test junk')

function tamper(sealed: string, field: 'wk' | 'wiv' | 'iv' | 'ct'): string {
  const envelope = JSON.parse(sealed)
  const bytes = Buffer.from(envelope[field], 'base64url')
  bytes[bytes.length - 1]! ^= 0x01
  return JSON.stringify({ ...envelope, [field]: bytes.toString('base64url') })
}

describe('createVault', () => {
  test('default', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    expect(vault.open(sealed, 'wallet-1')).toEqual(new Uint8Array(seed))
  })

  test('behavior: the envelope is {v, kid, wk, wiv, iv, ct} in base64url, without the plaintext', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    const envelope = JSON.parse(sealed)
    expect(Object.keys(envelope)).toEqual(['v', 'kid', 'wk', 'wiv', 'iv', 'ct'])
    expect(envelope.v).toBe(1)
    expect(envelope.kid).toMatch(/^master:[0-9a-f]{16}$/)
    for (const field of ['wk', 'wiv', 'iv', 'ct']) expect(envelope[field]).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(envelope.iv, 'base64url')).toHaveLength(12)
    expect(Buffer.from(envelope.wiv, 'base64url')).toHaveLength(12)
    expect(Buffer.from(envelope.wk, 'base64url')).toHaveLength(48)
    expect(Buffer.from(envelope.ct, 'base64url')).toHaveLength(seed.length + 16)
    expect(sealed).not.toContain('junk')
    expect(sealed).not.toContain(Buffer.from(seed).toString('base64url').slice(0, 16))
  })

  test('behavior: each seal uses a fresh data key and IVs', () => {
    const first = JSON.parse(vault.seal(seed, 'wallet-1'))
    const second = JSON.parse(vault.seal(seed, 'wallet-1'))
    for (const field of ['wk', 'wiv', 'iv', 'ct']) expect(first[field]).not.toBe(second[field])
  })

  test('behavior: without aad, and with empty plaintext', () => {
    expect(vault.open(vault.seal(seed))).toEqual(new Uint8Array(seed))
    expect(vault.open(vault.seal(new Uint8Array(0), 'x'), 'x')).toEqual(new Uint8Array(0))
  })

  test('behavior: the same key gives the same kid; another key another kid', () => {
    const again = createMasterKeyProvider({ masterKey: Buffer.from(masterKey) })
    const other = createMasterKeyProvider({ masterKey: randomBytes(32) })
    expect(again.id).toBe(JSON.parse(vault.seal(seed)).kid)
    expect(other.id).not.toBe(again.id)
    expect(again.id).not.toContain(masterKey.toString('hex').slice(0, 8))
  })

  test('behavior: opening is cheap enough for the signing hot path', () => {
    const sealed = vault.seal(randomBytes(32), 'account-1')
    const started = performance.now()
    for (let index = 0; index < 2000; index++) vault.open(sealed, 'account-1')
    // Typically ~10 µs per open; the bound only catches an accidental KDF or similar.
    expect(performance.now() - started).toBeLessThan(1000)
  })

  test.each(['wk', 'wiv', 'iv', 'ct'] as const)('error: a tampered %s', (field) => {
    const sealed = vault.seal(seed, 'wallet-1')
    expect(() => vault.open(tamper(sealed, field), 'wallet-1')).toThrow(VaultError)
  })

  test('error: another aad (an envelope moved to another record)', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    expect(() => vault.open(sealed, 'wallet-2')).toThrow(
      'vault envelope failed authentication: tampered, or opened with another context',
    )
    expect(() => vault.open(sealed)).toThrow(VaultError)
  })

  test('error: another master key', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    const other = createVault({ keyProvider: createMasterKeyProvider({ masterKey: randomBytes(32) }) })
    expect(() => other.open(sealed, 'wallet-1')).toThrow('vault envelope was sealed under another master key')
  })

  test('error: another master key behind a forged kid', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    const otherProvider = createMasterKeyProvider({ masterKey: randomBytes(32) })
    const forged = createVault({ keyProvider: { ...otherProvider, id: JSON.parse(sealed).kid } })
    expect(() => forged.open(sealed, 'wallet-1')).toThrow(
      'vault envelope could not be unwrapped: wrong master key or tampered envelope',
    )
  })

  test.each([
    ['not JSON', 'nope'],
    ['null', 'null'],
    ['another version', JSON.stringify({ v: 2, kid: 'x', wk: '', wiv: '', iv: '', ct: '' })],
    ['a missing field', JSON.stringify({ v: 1, kid: 'x', wk: 'AA', wiv: 'AA', iv: 'AA' })],
    ['a non-base64url field', JSON.stringify({ v: 1, kid: 'x', wk: 'A+', wiv: 'AA', iv: 'AA', ct: 'AA' })],
  ])('error: a malformed envelope (%s)', (_, sealed) => {
    expect(() => vault.open(sealed)).toThrow(/^malformed vault envelope/)
  })

  test('error: messages and causes never contain key bytes or plaintext', () => {
    const sealed = vault.seal(seed, 'wallet-1')
    const texts: string[] = []
    for (const attempt of [
      () => vault.open(sealed, 'wallet-2'),
      () => vault.open(tamper(sealed, 'wk'), 'wallet-1'),
      () =>
        createVault({ keyProvider: createMasterKeyProvider({ masterKey: randomBytes(32) }) }).open(sealed),
    ]) {
      try {
        attempt()
      } catch (error) {
        for (let current: unknown = error; current instanceof Error; current = current.cause) {
          texts.push(current.message, current.stack ?? '')
        }
      }
    }
    expect(texts.length).toBeGreaterThan(3)
    const all = texts.join('\n')
    expect(all).not.toContain(masterKey.toString('hex'))
    expect(all).not.toContain(masterKey.toString('base64url'))
    expect(all).not.toContain('junk')
  })
})
