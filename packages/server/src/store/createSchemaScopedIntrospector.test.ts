import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { createTestStore, testDatabaseUrl } from './test/storeDialects.js'

describe('createSchemaScopedIntrospector', () => {
  test('default: lists the tables of the current schema only', async () => {
    const first = await createTestStore('postgres')
    const second = await createTestStore('postgres', { migrate: false })
    try {
      const tables = await second.db.introspection.getTables()
      expect(tables).toEqual([])
      const names = (await first.db.introspection.getTables()).map((table) => table.name)
      expect(names).toEqual(expect.arrayContaining(['users', 'api_keys', 'kysely_migration']))
      expect(new Set((await first.db.introspection.getTables()).map((table) => table.schema)).size).toBe(1)
    } finally {
      await Promise.all([first.cleanup(), second.cleanup()])
    }
  })

  test('error: schemas that other clients create and drop meanwhile do not fail a migration', async () => {
    // Regression: Kysely's introspector read every schema and failed with 3F000 ("schema … does not
    // exist") when one was dropped during the read; test stores sharing the database failed to migrate.
    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    let churning = true
    const churn = (async () => {
      for (let index = 0; churning; index++) {
        const schema = `sigil_churn_${process.pid}_${index}`
        await admin.query(`create schema "${schema}"`)
        await admin.query(`create table "${schema}".t (a int)`)
        await admin.query(`drop schema "${schema}" cascade`)
      }
    })()
    const failures: unknown[] = []
    try {
      for (let round = 0; round < 8; round++) {
        const stores = await Promise.allSettled(Array.from({ length: 4 }, () => createTestStore('postgres')))
        for (const store of stores)
          if (store.status === 'rejected') failures.push(store.reason)
          else await store.value.cleanup()
      }
    } finally {
      churning = false
      await churn
      await admin.end()
    }
    expect(failures).toEqual([])
  }, 120_000)
})
