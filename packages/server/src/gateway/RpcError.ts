import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

/** JSON-RPC error codes the gateway answers with. */
export const rpcErrorCodes = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  /**
   * A sponsorship policy refused the operation (the message names the limit). ERC-4337's "rejected by
   * the paymaster"; viem would title -32001 'Requested resource not found', which misleads.
   */
  POLICY_REFUSED: -32501,
  /** The chain's node or bundler could not be reached or answered garbage. */
  UPSTREAM_UNAVAILABLE: -32002,
} as const
export type RpcErrorCodeName = keyof typeof rpcErrorCodes

/**
 * An error answered to a JSON-RPC client as `{ code, message, data? }`; its message is safe to show
 * (never an upstream URL, key material, SQL or a stack).
 *
 * @example
 * throw new RpcError('POLICY_REFUSED', `Policy ${id} has expired`)
 */
export class RpcError extends BaseError {
  override name = 'RpcError' as const
  readonly code: number
  readonly data: unknown

  /** `code`: one of {@link rpcErrorCodes}, or an upstream node's or bundler's own code, passed through. */
  constructor(
    code: RpcErrorCodeName | number,
    message: string,
    parameters: BaseErrorParameters & { data?: unknown } = {},
  ) {
    super(message, parameters)
    this.code = typeof code === 'number' ? code : rpcErrorCodes[code]
    this.data = parameters.data
  }
}
