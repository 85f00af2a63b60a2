import { InvalidParamsRpcError } from 'viem'

/**
 * The -32602 error of a request whose params break a rule of docs/provider.md; `message` names the rule
 * and the value (in the error's `details`).
 *
 * @example
 * throw invalidParams('wallet_switchEthereumChain: chainId must be a hex string, got 1')
 */
export function invalidParams(message: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(message))
}
