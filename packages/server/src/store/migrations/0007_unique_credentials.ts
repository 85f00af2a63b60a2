import type { Kysely } from 'kysely'
import { StoreMigrationError } from '../errors.js'

/** One row that shares its credential with another row, as the operator sees it. */
export type DuplicateCredentialRow = {
  id: string
  organizationId: string
  userId: string
  /** The user's email or name, to recognise whose it is. */
  user: string
  createdAt: number
  /** Epoch ms (API keys only); null for a key that does not expire. */
  expiresAt: number | null
}

/** Rows of one table that hold the same credential id or public key. */
export type DuplicateCredential = {
  table: 'authenticators' | 'api_keys'
  /** `credential_id`, `public_key`, or `curve_type, public_key`. */
  column: string
  value: string
  rows: DuplicateCredentialRow[]
}

/**
 * Migration `0007_unique_credentials` cannot run: credentials are shared between rows. Carries the
 * duplicates and a report that names them and tells the operator what to do; nothing was changed.
 * A `StoreMigrationError`, so `migrateToLatest` throws it as it is.
 */
export class DuplicateCredentialsError extends StoreMigrationError {
  readonly duplicates: DuplicateCredential[]
  /** The report for the operator: what is shared, by whom, and how to resolve it. */
  readonly report: string
  constructor(duplicates: DuplicateCredential[], now: number) {
    const summary = `store migration 0007_unique_credentials cannot run: ${duplicates.length} credential(s) are registered more than once`
    const report = [summary, '', ...formatReport(duplicates, now)].join('\n')
    // The short message is what `sigil-server start` prints: it points at the full report.
    super(`${summary}; nothing was changed, \`sigil-server migrate\` lists them`)
    this.duplicates = duplicates
    this.report = report
  }
}

/**
 * Unique credentials: a passkey credential id, a passkey public key, and an API public key (per curve)
 * each belong to one row server-wide, so a stamp names exactly one principal. Existing duplicates are
 * reported (DuplicateCredentialsError) and nothing changes: the operator decides which row is the real
 * one. The old non-unique look-up indexes are replaced by the unique ones.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = [
    ...(await findDuplicates(db, 'authenticators', ['credential_id'])),
    ...(await findDuplicates(db, 'authenticators', ['public_key'])),
    ...(await findDuplicates(db, 'api_keys', ['curve_type', 'public_key'])),
  ]
  if (duplicates.length > 0) throw new DuplicateCredentialsError(duplicates, Date.now())

  await db.schema.dropIndex('authenticators_credential_id').execute()
  await db.schema
    .createIndex('authenticators_credential_id_unique')
    .on('authenticators')
    .column('credential_id')
    .unique()
    .execute()
  await db.schema
    .createIndex('authenticators_public_key_unique')
    .on('authenticators')
    .column('public_key')
    .unique()
    .execute()
  // public_key first: look-ups by public key alone (get_sub_org_ids) keep using it.
  await db.schema.dropIndex('api_keys_public_key').execute()
  await db.schema
    .createIndex('api_keys_public_key_curve_type_unique')
    .on('api_keys')
    .columns(['public_key', 'curve_type'])
    .unique()
    .execute()
}

async function findDuplicates(
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  db: Kysely<any>,
  table: 'authenticators' | 'api_keys',
  columns: string[],
): Promise<DuplicateCredential[]> {
  const groups = (await db
    .selectFrom(table)
    .select(columns)
    .groupBy(columns)
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute()) as Record<string, string>[]
  const found: DuplicateCredential[] = []
  for (const group of groups) {
    let query = db
      .selectFrom(`${table} as credential`)
      .leftJoin('users', 'users.id', 'credential.user_id')
      .select([
        'credential.id as id',
        'credential.organization_id as organizationId',
        'credential.user_id as userId',
        'credential.created_at as createdAt',
        'users.email as email',
        'users.name as name',
        ...(table === 'api_keys' ? ['credential.expires_at as expiresAt'] : []),
      ])
    for (const column of columns) query = query.where(`credential.${column}`, '=', group[column])
    const rows = await query.orderBy('credential.created_at').orderBy('credential.id').execute()
    found.push({
      table,
      column: columns.join(', '),
      value: columns.map((column) => group[column]).join(' '),
      rows: rows.map((row) => ({
        id: row.id,
        organizationId: row.organizationId,
        userId: row.userId,
        user: row.email ?? row.name ?? '(no user row)',
        createdAt: Number(row.createdAt),
        expiresAt: row.expiresAt === undefined || row.expiresAt === null ? null : Number(row.expiresAt),
      })),
    })
  }
  return found
}

/** The report's lines: each shared credential with its rows, then what to do. */
function formatReport(duplicates: DuplicateCredential[], now: number): string[] {
  const lines: string[] = []
  const expiredApiKeys: string[] = []
  for (const duplicate of duplicates) {
    lines.push(`${duplicate.table}.${duplicate.column} = ${duplicate.value} is held by:`)
    for (const row of duplicate.rows) {
      const expired = row.expiresAt !== null && row.expiresAt <= now
      lines.push(
        `  - row ${row.id}: organization ${row.organizationId}, user ${row.userId} (${row.user}), created ${new Date(row.createdAt).toISOString()}${row.expiresAt === null ? '' : `, ${expired ? 'expired' : 'expires'} ${new Date(row.expiresAt).toISOString()}`}`,
      )
      if (expired) expiredApiKeys.push(row.id)
    }
    const organizations = new Set(duplicate.rows.map((row) => row.organizationId))
    if (organizations.size > 1)
      lines.push(
        '    in more than one organization: a credential copied into another organization can act there (see docs/security.md, credential identity); find out which organization it really belongs to.',
      )
  }
  lines.push(
    '',
    'Nothing was changed. Keep one row per credential: delete the others (a passkey: the rows its real owner did not register; an API key: the copies in the wrong organization), e.g.',
    "  DELETE FROM api_keys WHERE id IN ('…');",
    "  DELETE FROM authenticators WHERE id IN ('…');",
  )
  if (expiredApiKeys.length > 0)
    lines.push(
      'These API keys have expired and can be deleted safely:',
      `  DELETE FROM api_keys WHERE id IN (${expiredApiKeys.map((id) => `'${id}'`).join(', ')});`,
    )
  lines.push('Then run `sigil-server migrate` again.')
  return lines
}
