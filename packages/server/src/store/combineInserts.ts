import { CompiledQuery } from 'kysely'

/** Above this many parameters the rows stay separate (PostgreSQL allows 65,535 per statement). */
const maxParameters = 30_000

/** `insert into … values (…)` with one row of placeholders: `$1, $2, …` (PostgreSQL) or `?, ?, …` (SQLite). */
const singleRowInsert = /^(insert into [\s\S]+? values )\(((?:\$\d+|\?)(?:, (?:\$\d+|\?))*)\)$/

type InsertShape = { head: string; columns: number; numbered: boolean }

let lastSql: string | undefined
let lastShape: InsertShape | undefined

/**
 * One multi-row INSERT for statements that are the same single-row INSERT with different values (what
 * `compileQueryOnce` makes: the same SQL text, parameters in placeholder order), or undefined when they are
 * not exactly that: different SQL, anything but `insert into … values (…)`, placeholders out of order,
 * fewer than two rows, or too many parameters. The rows keep their order.
 *
 * @example
 * const together = combineInserts(rows.map((row) => insertActivity(db, row)))
 * if (together) await trx.executeQuery(together)
 */
export function combineInserts(statements: readonly CompiledQuery[]): CompiledQuery | undefined {
  const first = statements[0]
  if (!first || statements.length < 2) return undefined
  const shape = insertShapeOf(first.sql)
  if (!shape || shape.columns !== first.parameters.length) return undefined
  if (shape.columns * statements.length > maxParameters) return undefined
  const rows: string[] = []
  const parameters: unknown[] = []
  for (const [row, statement] of statements.entries()) {
    if (statement.sql !== first.sql || statement.parameters.length !== shape.columns) return undefined
    const offset = row * shape.columns
    rows.push(
      `(${Array.from({ length: shape.columns }, (_, column) => (shape.numbered ? `$${offset + column + 1}` : '?')).join(', ')})`,
    )
    parameters.push(...statement.parameters)
  }
  return CompiledQuery.raw(`${shape.head}${rows.join(', ')}`, parameters)
}

function insertShapeOf(sql: string): InsertShape | undefined {
  if (sql === lastSql) return lastShape
  lastSql = sql
  lastShape = undefined
  const match = singleRowInsert.exec(sql)
  if (!match) return undefined
  const placeholders = match[2]!.split(', ')
  const numbered = placeholders[0] !== '?'
  const inOrder = (each: string, index: number) => each === (numbered ? `$${index + 1}` : '?')
  if (!placeholders.every(inOrder)) return undefined
  lastShape = { head: match[1]!, columns: placeholders.length, numbered }
  return lastShape
}
