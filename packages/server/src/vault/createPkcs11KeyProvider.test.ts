import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMasterKeyProvider } from './createMasterKeyProvider.js'
import { createPkcs11KeyProvider } from './createPkcs11KeyProvider.js'
import { createSoftHsmToken, type SoftHsmToken, softHsmModule } from './createSoftHsmToken.js'
import { createVault } from './createVault.js'
import { InvalidMasterKeyError, VaultError } from './errors.js'
import type { KeyProvider } from './KeyProvider.js'
import { parsePkcs11Config } from './parsePkcs11Config.js'

let hsm: SoftHsmToken
let provider: KeyProvider
const seed = new TextEncoder().encode('test test test test test test test test test test test junk')

beforeAll(async () => {
  hsm = await createSoftHsmToken()
  await hsm.generateKey('sigil-master')
  await hsm.generateKey('sigil-other')
  // SoftHSM2 reads its configuration when the module is initialized, once per process.
  process.env.SOFTHSM2_CONF = hsm.conf
  provider = await createPkcs11KeyProvider({
    module: softHsmModule,
    token: hsm.token,
    pin: hsm.pin,
    label: 'sigil-master',
  })
}, 30_000)

afterAll(async () => {
  await hsm?.remove()
})

describe('createPkcs11KeyProvider', () => {
  test('default', () => {
    const vault = createVault({ keyProvider: provider })
    const sealed = vault.seal(seed, 'wallet-1')
    expect(JSON.parse(sealed).kid).toMatch(/^pkcs11:[0-9a-f]{16}$/)
    expect(vault.open(sealed, 'wallet-1')).toEqual(new Uint8Array(seed))
  })

  test('behavior: the id is stable for a key and differs between keys', async () => {
    const again = await createPkcs11KeyProvider({
      module: softHsmModule,
      token: hsm.token,
      pin: hsm.pin,
      label: 'sigil-master',
    })
    const other = await createPkcs11KeyProvider({
      module: softHsmModule,
      token: hsm.token,
      pin: hsm.pin,
      label: 'sigil-other',
    })
    expect(again.id).toBe(provider.id)
    expect(other.id).not.toBe(provider.id)
    const sealed = createVault({ keyProvider: provider }).seal(seed, 'a')
    expect(createVault({ keyProvider: again }).open(sealed, 'a')).toEqual(new Uint8Array(seed))
    // Another HSM key cannot unwrap it, even when its id is forged to match.
    expect(() => createVault({ keyProvider: { ...other, id: provider.id } }).open(sealed, 'a')).toThrow(
      VaultError,
    )
  })

  test('behavior: a vault keyed in the HSM opens what a file key sealed, given as a previous key', () => {
    const fileKey = createMasterKeyProvider({ masterKey: Buffer.alloc(32, 7) })
    const sealed = createVault({ keyProvider: fileKey }).seal(seed, 'w')
    expect(() => createVault({ keyProvider: provider }).open(sealed, 'w')).toThrow(/another master key/)
    const rotating = createVault({ keyProvider: provider, previousKeyProviders: [fileKey] })
    expect(rotating.open(sealed, 'w')).toEqual(new Uint8Array(seed))
    expect(JSON.parse(rotating.seal(seed, 'w')).kid).toBe(provider.id)
  })

  test('error: a wrong PIN, an unknown token or an unknown key label is refused', async () => {
    const base = { module: softHsmModule, token: hsm.token, pin: hsm.pin, label: 'sigil-master' }
    await expect(createPkcs11KeyProvider({ ...base, label: 'nope' })).rejects.toThrow(/found 0/)
    await expect(createPkcs11KeyProvider({ ...base, token: 'nope' })).rejects.toThrow(InvalidMasterKeyError)
    await expect(createPkcs11KeyProvider({ ...base, module: '/nonexistent.so' })).rejects.toThrow(
      /cannot load/,
    )
  })
})

describe('parsePkcs11Config', () => {
  test('default', () => {
    expect(parsePkcs11Config(`module=${softHsmModule};token=t;pin=1234;label=k`, 'X')).toEqual({
      module: softHsmModule,
      token: 't',
      pin: '1234',
      label: 'k',
    })
  })

  test('error: a missing or unknown field is named, the PIN is not', () => {
    expect(() => parsePkcs11Config('module=/m.so;token=t;label=k', 'X')).toThrow(/missing pin/)
    expect(() => parsePkcs11Config('module=/m.so;token=t;pin=9876;label=k;slot=1', 'X')).toThrow(
      /unknown field "slot"/,
    )
    expect(() => parsePkcs11Config('module=/m.so;token=t;pin=9876', 'X')).not.toThrow(/9876/)
  })
})
