import { BaseError } from '@sigil/protocol'

/** A migration failed; `cause` holds the database error. */
export class StoreMigrationError extends BaseError {
  override name = 'StoreMigrationError' as const
}

/** `run` was called after the write batcher was closed. */
export class WriteBatcherClosedError extends BaseError {
  override name = 'WriteBatcherClosedError' as const
  constructor() {
    super('the write batcher is closed')
  }
}
