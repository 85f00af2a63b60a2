import {
  BaseError,
  InternalRpcError,
  ProviderDisconnectedError,
  RpcError,
  UnauthorizedProviderError,
} from 'viem'

/**
 * What the provider throws for any failure (docs/provider.md#errors): viem's `RpcError`s (the EIP-1193
 * `ProviderRpcError`s, 57xx, -32602) as they are; a signed-out signer (`NotAuthenticatedError`) as 4100; no
 * signer where none can be made (server rendering) as 4900; an error that carries a JSON-RPC code (the
 * gateway's, the node's, the bundler's, found anywhere in the cause chain) as an `RpcError` of that code
 * and message; anything else as -32603 with the original message in `details`.
 *
 * @example
 * try { … } catch (error) { throw toProviderRpcError(error) }
 */
export function toProviderRpcError(error: unknown): RpcError<number> {
  if (error instanceof RpcError) return error
  const cause = error instanceof Error ? error : new Error(String(error))
  if (cause.name === 'NotAuthenticatedError')
    return new UnauthorizedProviderError(new Error('Nobody is signed in: call eth_requestAccounts first'))
  if (cause.name === 'ClientOnlyPropertyError')
    return new ProviderDisconnectedError(new Error('No signer here: the provider works only in a browser'))
  const coded =
    cause instanceof BaseError
      ? (cause.walk((each) => typeof (each as { code?: unknown }).code === 'number') as
          | (Error & { code: number; shortMessage?: string })
          | null)
      : typeof (cause as { code?: unknown }).code === 'number'
        ? (cause as Error & { code: number; shortMessage?: string })
        : null
  if (coded && coded instanceof RpcError) return coded
  if (coded)
    return new RpcError(coded, {
      code: coded.code,
      shortMessage: coded.shortMessage ?? coded.message,
    })
  return new InternalRpcError(cause)
}
