import { BaseError } from '@sigil/protocol'

/**
 * A smart-account hook (`useSendUserOperation`, `useSendCalls`, `useWaitForUserOperationTransaction`)
 * was used before `useSmartAccountClient` had a client (signed out, or still building).
 *
 * @example
 * useSendUserOperation({ client: undefined }).sendUserOperationAsync({ uo }) // Smart account client is not ready
 */
export class SmartAccountClientNotReadyError extends BaseError {
  override name = 'SmartAccountClientNotReadyError' as const

  constructor() {
    super('Smart account client is not ready')
  }
}
