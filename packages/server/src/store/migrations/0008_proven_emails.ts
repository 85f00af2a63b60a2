import type { Kysely } from 'kysely'

/** Proven emails: an email is an identity only once proven. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(_db: Kysely<any>): Promise<void> {}
