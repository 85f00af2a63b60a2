import type { Kysely } from 'kysely'

/**
 * Proven emails: an email address is an identity (found by email sign-in, `/v1/lookup`, sign-up's
 * "existing user" check and OAuth linking) only once it is proven. See docs/email-sign-in.md.
 *
 * `email_identities` holds one row per proven (user, email), with `app_id` copied from the user's
 * organization, `proven_at` and `how` (`code`, `link`, `oauth:<provider id>`, `operator`). A unique
 * index on (app_id, email) lets at most one user of an app hold an email, enforced by the database,
 * so several server instances on one PostgreSQL cannot hand one address to two users. Operator-made
 * sub-organizations (`create_sub_organization` on `/public/v1`, and the root) belong to no app: their
 * rows carry `app_id` null, which the unique index leaves unconstrained (NULLs are distinct on both
 * SQLite and PostgreSQL), because the Turnkey API lets an operator give two sub-organizations the same
 * email and no sign-in ever matches them by email.
 *
 * Backfill, for users with an email:
 * - no app (operator-made): proven, `operator` — the operator vouches;
 * - a code or link of theirs for that email was used successfully (`used_at` set, fewer than 3 wrong
 *   attempts, and not superseded: a superseded code's `used_at` is the `created_at` of the newer code
 *   of the same address, so such codes are left out — an attacker could otherwise have superseded
 *   codes sent to the victim for their own account): proven, `code` or `link`, at that time;
 * - created by OAuth (a linked provider dated no later than the user), which stored only verified
 *   emails: proven, `oauth:<provider id>`;
 * - otherwise (passkey sign-up with an email, email sign-up never confirmed): unproven, no row.
 *
 * Conflicts (two users of one app proven for one email, possible only through racing instances or
 * a past pre-hijack): the oldest user (created_at, then id) keeps the identity; every other one is
 * written to `email_identity_conflicts` (app, email, user, the kept user, the proof it had) for the
 * operator to review. Nothing is deleted: `users.email` stays as it was for every user.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_identities')
    .addColumn('app_id', 'text')
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('proven_at', 'bigint', (column) => column.notNull())
    .addColumn('how', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('email_identities_pkey', ['user_id', 'email'])
    .execute()
  await db.schema
    .createIndex('email_identities_app_email')
    .unique()
    .on('email_identities')
    .columns(['app_id', 'email'])
    .execute()

  await db.schema
    .createTable('email_identity_conflicts')
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('kept_user_id', 'text', (column) => column.notNull())
    .addColumn('how', 'text', (column) => column.notNull())
    .addColumn('detected_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('email_identity_conflicts_pkey', ['user_id', 'email'])
    .execute()

  await backfill(db)
}

type Candidate = {
  appId: string | null
  email: string
  userId: string
  createdAt: number
  provenAt: number
  how: string
}

// biome-ignore lint/suspicious/noExplicitAny: see above.
async function backfill(db: Kysely<any>): Promise<void> {
  const users = (await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id as id',
      'users.email as email',
      'users.created_at as created_at',
      'users.oauth_providers as oauth_providers',
      'organizations.app_id as app_id',
    ])
    .where('users.email', 'is not', null)
    .execute()) as {
    id: string
    email: string
    created_at: number | string | bigint
    oauth_providers: string
    app_id: string | null
  }[]

  // Codes used successfully: used, fewer than 3 wrong attempts, not superseded by a newer code.
  const usedCodes = (await db
    .selectFrom('email_codes as code')
    .select([
      'code.user_id as user_id',
      'code.email as email',
      'code.kind as kind',
      'code.used_at as used_at',
    ])
    .where('code.used_at', 'is not', null)
    .where('code.attempts', '<', 3)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('email_codes as newer')
            .select('newer.id')
            .whereRef('newer.app_id', '=', 'code.app_id')
            .whereRef('newer.email', '=', 'code.email')
            .whereRef('newer.id', '<>', 'code.id')
            .whereRef('newer.created_at', '=', 'code.used_at'),
        ),
      ),
    )
    .orderBy('code.used_at')
    .execute()) as { user_id: string; email: string; kind: string; used_at: number | string | bigint }[]
  const firstProof = new Map<string, { at: number; how: string }>()
  for (const code of usedCodes) {
    const key = `${code.user_id}\n${code.email}`
    if (!firstProof.has(key))
      firstProof.set(key, { at: Number(code.used_at), how: code.kind === 'magic-link' ? 'link' : 'code' })
  }

  const candidates: Candidate[] = []
  for (const user of users) {
    const createdAt = Number(user.created_at)
    const base = { appId: user.app_id, email: user.email, userId: user.id, createdAt }
    if (user.app_id === null) {
      candidates.push({ ...base, provenAt: createdAt, how: 'operator' })
      continue
    }
    const code = firstProof.get(`${user.id}\n${user.email}`)
    if (code) {
      candidates.push({ ...base, provenAt: code.at, how: code.how })
      continue
    }
    const creator = parseProviders(user.oauth_providers).find(
      (provider) => typeof provider.createdAt === 'number' && provider.createdAt <= createdAt,
    )
    if (creator) candidates.push({ ...base, provenAt: createdAt, how: `oauth:${creator.providerName}` })
  }

  candidates.sort((a, b) => a.createdAt - b.createdAt || (a.userId < b.userId ? -1 : 1))
  const kept = new Map<string, Candidate>()
  const rows: Record<string, unknown>[] = []
  const conflicts: Record<string, unknown>[] = []
  const now = Date.now()
  for (const candidate of candidates) {
    const key = `${candidate.appId}\n${candidate.email}`
    const holder = candidate.appId === null ? undefined : kept.get(key)
    if (holder) {
      conflicts.push({
        app_id: candidate.appId,
        email: candidate.email,
        user_id: candidate.userId,
        kept_user_id: holder.userId,
        how: candidate.how,
        detected_at: now,
      })
      continue
    }
    if (candidate.appId !== null) kept.set(key, candidate)
    rows.push({
      app_id: candidate.appId,
      email: candidate.email,
      user_id: candidate.userId,
      proven_at: candidate.provenAt,
      how: candidate.how,
    })
  }
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('email_identities')
      .values(rows.slice(start, start + 500))
      .execute()
  for (let start = 0; start < conflicts.length; start += 500)
    await db
      .insertInto('email_identity_conflicts')
      .values(conflicts.slice(start, start + 500))
      .execute()
}

function parseProviders(json: string): { providerName?: unknown; createdAt?: unknown }[] {
  try {
    const parsed = JSON.parse(json) as unknown
    return Array.isArray(parsed) ? (parsed as { providerName?: unknown; createdAt?: unknown }[]) : []
  } catch {
    return []
  }
}
