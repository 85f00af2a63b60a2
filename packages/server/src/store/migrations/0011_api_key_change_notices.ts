import { type Kysely, PostgresAdapter, sql } from 'kysely'

/**
 * PostgreSQL only (a no-op on SQLite, whose store one process alone writes): every statement that changes
 * `api_keys` (insert, update, delete, truncate) sends `pg_notify` on the schema's API-key channel, inside
 * its own transaction, so PostgreSQL delivers the notice exactly when the change commits, whoever made it:
 * a Sigil instance, the CLI, or an operator in psql (docs/deploy.md, "Several instances").
 *
 * The channel is computed in the trigger from the table's schema exactly as `listenApiKeyChanges` computes
 * it from `current_schema()`: `sigil_api_keys_<schema>`, or `sigil_api_keys_` and the first 40 hex digits
 * of the SHA-256 of the schema's name when that would pass PostgreSQL's 63-byte identifier limit. The
 * payload is the statement's `TG_OP`; the instance that wrote hears its own notice too (one more emptying
 * of a cache it has just emptied). Several statements of one transaction send one notice: PostgreSQL folds
 * equal notices of a transaction into one.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  // Unqualified names: the function and the trigger go to the migration's `current_schema()`.
  await sql`
    create function sigil_notify_api_key_changes() returns trigger language plpgsql as $$
    declare
      channel text := 'sigil_api_keys_' || tg_table_schema;
    begin
      if octet_length(channel) > 63 then
        channel := 'sigil_api_keys_' || left(encode(sha256(convert_to(tg_table_schema, 'UTF8')), 'hex'), 40);
      end if;
      perform pg_notify(channel, tg_op);
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger sigil_api_keys_changed
    after insert or update or delete or truncate on api_keys
    for each statement execute function sigil_notify_api_key_changes()`.execute(db)
}
