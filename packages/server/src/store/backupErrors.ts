import { BaseError } from '@sigil/protocol'

/** `sigil-server backup` / `restore` were pointed at a PostgreSQL store (use pg_dump, docs/deploy.md). */
export class BackupPostgresError extends BaseError {
  override name = 'BackupPostgresError' as const
}

/** The file to back up or restore is not a Sigil SQLite database (or is damaged). */
export class NotASigilDatabaseError extends BaseError {
  override name = 'NotASigilDatabaseError' as const
}

/** `restore` would overwrite an existing database and `--force` was not given. */
export class RestoreTargetExistsError extends BaseError {
  override name = 'RestoreTargetExistsError' as const
}
