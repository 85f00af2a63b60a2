import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestStore, storeDialects, type TestStore } from '../store/test/storeDialects.js'
import { createMasterKeyProvider } from './createMasterKeyProvider.js'
import { createVault } from './createVault.js'
import { VaultError } from './errors.js'
import { countRemaining, rotateVault } from './rotateVault.js'

const oldKey = createMasterKeyProvider({ masterKey: Buffer.alloc(32, 1) })
const newKey = createMasterKeyProvider({ masterKey: Buffer.alloc(32, 2) })
const oldVault = createVault({ keyProvider: oldKey })
const newVault = createVault({ keyProvider: newKey })
const rowCount = 30

describe.each(storeDialects)('rotateVault on %s', (dialect) => {
  let store: TestStore

  beforeEach(async () => {
    store = await createTestStore(dialect)
    for (let index = 0; index < rowCount; index++) {
      const name = `key-${String(index).padStart(2, '0')}`
      await store.db
        .insertInto('server_keys')
        .values({
          name,
          sealed_private_key: oldVault.seal(Buffer.from(`secret ${index}`), `server_key:${name}`),
          public_key: '00',
          created_at: 0,
        })
        .execute()
    }
  })

  afterEach(async () => {
    await store.cleanup()
  })

  async function readAll(vault = newVault): Promise<string[]> {
    const rows = await store.db.selectFrom('server_keys').selectAll().orderBy('name').execute()
    return rows.map((row) =>
      Buffer.from(vault.open(row.sealed_private_key, `server_key:${row.name}`)).toString('utf8'),
    )
  }

  test('default', async () => {
    expect(await countRemaining(store.db, newKey)).toBe(rowCount)
    const result = await rotateVault({ db: store.db, from: [oldKey], to: newKey })
    expect(result).toEqual({ rewrapped: rowCount, remaining: 0 })
    expect(await readAll()).toEqual(Array.from({ length: rowCount }, (_, index) => `secret ${index}`))
    // Nothing left: a second run re-wraps nothing; the old key alone opens nothing.
    expect(await rotateVault({ db: store.db, from: [oldKey], to: newKey })).toEqual({
      rewrapped: 0,
      remaining: 0,
    })
    await expect(readAll(oldVault)).rejects.toThrow(VaultError)
  })

  test('behavior: during a rotation a vault with the previous key opens rows under either key', async () => {
    let rotating: string[] | undefined
    const both = createVault({ keyProvider: newKey, previousKeyProviders: [oldKey] })
    await rotateVault({
      db: store.db,
      from: [oldKey],
      to: newKey,
      onProgress: async ({ rewrapped }) => {
        if (rewrapped === 10) rotating = await readAll(both)
      },
    })
    await expect.poll(() => rotating).toBeDefined()
    expect(rotating).toHaveLength(rowCount)
  })

  test('behavior: a row a server rewrote during the rotation is not overwritten with its stale envelope', async () => {
    const changed = 'key-20'
    const result = await rotateVault({
      db: store.db,
      from: [oldKey],
      to: newKey,
      onProgress: ({ rewrapped }) => {
        if (rewrapped !== 1) return
        // A server still sealing under the old key replaces a row the rotation has already read.
        const sealed = oldVault.seal(Buffer.from('replaced'), `server_key:${changed}`)
        const database = store.db
        void database
          .updateTable('server_keys')
          .set({ sealed_private_key: sealed })
          .where('name', '=', changed)
          .execute()
      },
    })
    expect(result.remaining).toBe(0)
    const values = await readAll()
    expect(values[20]).toBe('replaced')
  })

  test('error: a row wrapped by a key that was not given stops the rotation', async () => {
    const stranger = createMasterKeyProvider({ masterKey: Buffer.alloc(32, 3) })
    await store.db
      .updateTable('server_keys')
      .set({
        sealed_private_key: createVault({ keyProvider: stranger }).seal(
          Buffer.from('x'),
          'server_key:key-05',
        ),
      })
      .where('name', '=', 'key-05')
      .execute()
    await expect(rotateVault({ db: store.db, from: [oldKey], to: newKey })).rejects.toThrow(
      /wrapped by a master key that was not given/,
    )
    // The rows before it were re-wrapped and stay so; the next run (with the right key) finishes.
    expect(await countRemaining(store.db, newKey)).toBe(rowCount - 5)
  })
})
