import { BaseError } from '@sigil/protocol'

/**
 * A devnet failure: a port already in use, a process that exited before it answered, a contract that could not
 * be placed.
 *
 * @example
 * throw new DevnetError('Port 8545 is already in use', { details: 'stop the process that listens on it' })
 */
export class DevnetError extends BaseError {
  override name = 'DevnetError' as const
}
