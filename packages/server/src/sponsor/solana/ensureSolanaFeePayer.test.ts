import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { getAddressDecoder } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { forEachDialect, useTestStore } from '../../store/test/storeDialects.js'
import { createMasterKeyProvider } from '../../vault/createMasterKeyProvider.js'
import { createVault } from '../../vault/createVault.js'
import { ensureSolanaFeePayer } from './ensureSolanaFeePayer.js'
import { signWithSolanaFeePayer } from './signWithSolanaFeePayer.js'

const vaultOf = (byte: number) =>
  createVault({ keyProvider: createMasterKeyProvider({ masterKey: new Uint8Array(32).fill(byte) }) })

forEachDialect((dialect) => {
  const getStore = useTestStore(dialect)

  describe('ensureSolanaFeePayer', () => {
    test('default: created once, sealed in the vault; every caller gets the same key', async () => {
      const { db } = getStore()
      const vault = vaultOf(1)
      const [first, second] = await Promise.all([
        ensureSolanaFeePayer(db, vault, { now: 1 }),
        ensureSolanaFeePayer(db, vault, { now: 2 }),
      ])
      expect(second).toEqual(first)
      expect(await ensureSolanaFeePayer(db, vault, { now: 3 })).toEqual(first)
      const key = vault.open(first.sealedPrivateKey, 'server_key:solana-fee-payer')
      expect(getAddressDecoder().decode(ed25519.getPublicKey(key))).toBe(first.address)
      const row = await db
        .selectFrom('server_keys')
        .selectAll()
        .where('name', '=', 'solana-fee-payer')
        .executeTakeFirstOrThrow()
      expect(row.sealed_private_key).not.toContain(bytesToHex(key))
      expect(row.public_key).toBe(first.address)
    })

    test('behavior: signs a message with the sealed key; the signature verifies under the address', async () => {
      const { db } = getStore()
      const vault = vaultOf(1)
      const feePayer = await ensureSolanaFeePayer(db, vault, { now: 1 })
      const message = new Uint8Array([1, 2, 3])
      const signature = signWithSolanaFeePayer(vault, feePayer, message)
      const publicKey = ed25519.getPublicKey(
        vault.open(feePayer.sealedPrivateKey, 'server_key:solana-fee-payer'),
      )
      expect(ed25519.verify(signature, message, publicKey)).toBe(true)
    })

    test('error: another master key cannot open it', async () => {
      const { db } = getStore()
      await ensureSolanaFeePayer(db, vaultOf(1), { now: 1 })
      await expect(ensureSolanaFeePayer(db, vaultOf(2), { now: 2 })).rejects.toThrow()
    })
  })
})
