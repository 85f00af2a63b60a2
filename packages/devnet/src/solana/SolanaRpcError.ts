import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

/** The JSON-RPC error codes the Solana runtime answers with (the JSON-RPC 2.0 ones and Agave's own). */
export const solanaRpcErrorCodes = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Agave: `Transaction simulation failed: …` (sendTransaction's preflight), with the simulation as `data`. */
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  /** Agave: a signature is missing or does not verify. */
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
} as const

/**
 * A JSON-RPC error answer of the local Solana runtime: `code` and `data` go to the client as they are, the
 * message is `shortMessage`.
 *
 * @example
 * throw new SolanaRpcError(solanaRpcErrorCodes.INVALID_PARAMS, 'Invalid param: not a base58 address')
 */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError' as const
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, parameters: BaseErrorParameters & { data?: unknown } = {}) {
    super(message, parameters)
    this.code = code
    this.data = parameters.data
  }
}
