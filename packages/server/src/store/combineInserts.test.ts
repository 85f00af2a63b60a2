import { CompiledQuery } from 'kysely'
import { describe, expect, test } from 'vitest'
import { combineInserts } from './combineInserts.js'

const postgresInsert = 'insert into "activities" ("id", "status", "result") values ($1, $2, $3)'
const sqliteInsert = 'insert into "activities" ("id", "status", "result") values (?, ?, ?)'

describe('combineInserts', () => {
  test('default: PostgreSQL rows become one INSERT with renumbered placeholders, in order', () => {
    const together = combineInserts([
      CompiledQuery.raw(postgresInsert, ['a', 'done', '{}']),
      CompiledQuery.raw(postgresInsert, ['b', 'failed', null]),
    ])
    expect(together?.sql).toBe(
      'insert into "activities" ("id", "status", "result") values ($1, $2, $3), ($4, $5, $6)',
    )
    expect(together?.parameters).toEqual(['a', 'done', '{}', 'b', 'failed', null])
  })

  test('behavior: SQLite rows keep their ? placeholders', () => {
    const together = combineInserts([
      CompiledQuery.raw(sqliteInsert, ['a', 'done', '{}']),
      CompiledQuery.raw(sqliteInsert, ['b', 'done', '{}']),
      CompiledQuery.raw(sqliteInsert, ['c', 'done', '{}']),
    ])
    expect(together?.sql).toBe(
      'insert into "activities" ("id", "status", "result") values (?, ?, ?), (?, ?, ?), (?, ?, ?)',
    )
    expect(together?.parameters).toHaveLength(9)
  })

  test('behavior: anything but the same single-row INSERT twice or more is left alone', () => {
    const row = CompiledQuery.raw(postgresInsert, ['a', 'done', '{}'])
    expect(combineInserts([row])).toBeUndefined()
    expect(combineInserts([])).toBeUndefined()
    expect(combineInserts([row, CompiledQuery.raw(sqliteInsert, ['b', 'done', '{}'])])).toBeUndefined()
    const update = 'update "activities" set "status" = $1 where "id" = $2'
    expect(
      combineInserts([CompiledQuery.raw(update, ['x', 'a']), CompiledQuery.raw(update, ['x', 'b'])]),
    ).toBeUndefined()
    const returning = `${postgresInsert} returning "id"`
    const returningRow = CompiledQuery.raw(returning, ['a', 'done', '{}'])
    expect(combineInserts([returningRow, returningRow])).toBeUndefined()
    const literal = 'insert into "activities" ("id", "status") values ($1, \'done\')'
    const literalRow = CompiledQuery.raw(literal, ['a'])
    expect(combineInserts([literalRow, literalRow])).toBeUndefined()
  })

  test('error: placeholders out of order or a parameter count that does not match are not combined', () => {
    const swapped = 'insert into "activities" ("id", "status") values ($2, $1)'
    const swappedRow = CompiledQuery.raw(swapped, ['done', 'a'])
    expect(combineInserts([swappedRow, swappedRow])).toBeUndefined()
    const short = CompiledQuery.raw(postgresInsert, ['a', 'done'])
    expect(combineInserts([short, short])).toBeUndefined()
  })

  test('behavior: past 30,000 parameters the rows stay separate', () => {
    const row = CompiledQuery.raw(postgresInsert, ['a', 'done', '{}'])
    expect(combineInserts(Array.from({ length: 10_000 }, () => row))).toBeDefined()
    expect(combineInserts(Array.from({ length: 10_001 }, () => row))).toBeUndefined()
  })
})
