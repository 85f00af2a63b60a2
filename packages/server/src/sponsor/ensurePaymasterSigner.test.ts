import { bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { forEachDialect, useTestStore } from '../store/test/storeDialects.js'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createVault } from '../vault/createVault.js'
import { ensurePaymasterSigner } from './ensurePaymasterSigner.js'

const vaultOf = (byte: number) =>
  createVault({ keyProvider: createMasterKeyProvider({ masterKey: new Uint8Array(32).fill(byte) }) })

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)

  describe('ensurePaymasterSigner', () => {
    test('default: created once, sealed in the vault; every caller gets the same key', async () => {
      const { db } = getStore()
      const vault = vaultOf(1)
      const [first, second] = await Promise.all([
        ensurePaymasterSigner(db, vault, { now: 1 }),
        ensurePaymasterSigner(db, vault, { now: 2 }),
      ])
      expect(second).toEqual(first)
      expect(await ensurePaymasterSigner(db, vault, { now: 3 })).toEqual(first)
      const key = vault.open(first.sealedPrivateKey, 'server_key:paymaster-signer')
      expect(privateKeyToAddress(bytesToHex(key))).toBe(first.address)
      // The stored row holds the envelope only, never the key.
      const row = await db
        .selectFrom('server_keys')
        .selectAll()
        .where('name', '=', 'paymaster-signer')
        .executeTakeFirstOrThrow()
      expect(row.sealed_private_key).not.toContain(bytesToHex(key).slice(2))
      expect(row.public_key).toBe(first.address)
    })

    test('error: another master key cannot open it', async () => {
      const { db } = getStore()
      await ensurePaymasterSigner(db, vaultOf(1), { now: 1 })
      await expect(ensurePaymasterSigner(db, vaultOf(2), { now: 2 })).rejects.toThrow()
    })
  })
})
