import type { Kysely } from 'kysely'

/** Sign-in failures counted per pending login and per user. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(_db: Kysely<any>): Promise<void> {}
