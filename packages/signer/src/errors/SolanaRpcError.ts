import { BaseError } from '@sigil/protocol'

/**
 * A Solana JSON-RPC call failed: the endpoint answered a JSON-RPC error (its `message` is this error's
 * message, exactly, e.g. a gateway's sponsorship refusal), a non-OK HTTP status, or something that is not
 * JSON-RPC.
 *
 * @example
 * try { await solana.addSponsorship(instructions, connection, policyId) }
 * catch (error) { if (error instanceof SolanaRpcError) show(error.shortMessage) }
 */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError' as const
  /** The JSON-RPC method that failed, e.g. `alchemy_requestFeePayer`. */
  readonly method: string
  /** The JSON-RPC error code, or the HTTP status when the answer was not JSON-RPC. */
  readonly code: number
  /** The JSON-RPC error's `data`, if any. */
  readonly data: unknown

  constructor(
    message: string,
    parameters: { method: string; code: number; data?: unknown; cause?: unknown },
  ) {
    super(message, { cause: parameters.cause })
    this.method = parameters.method
    this.code = parameters.code
    this.data = parameters.data
  }
}
