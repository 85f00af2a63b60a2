import { InvalidRpcUrlError } from '../errors/InvalidRpcUrlError.js'

/**
 * The Sigil RPC gateway URL of one chain: `<server>/rpc/<chainId>` (the gateway forwards user-operation
 * methods to the chain's bundler and the rest to its node). Throws `InvalidRpcUrlError` for a server
 * URL that is not an http(s) URL.
 *
 * @example
 * getGatewayUrl({ serverUrl: 'https://sigil.example.com/', chainId: 8453 }) // 'https://sigil.example.com/rpc/8453'
 */
export function getGatewayUrl({ serverUrl, chainId }: { serverUrl: string; chainId: number }): string {
  return `${assertRpcUrl(serverUrl).replace(/\/+$/, '')}/rpc/${chainId}`
}

/** Returns `url` when it is an absolute http(s) URL; throws `InvalidRpcUrlError` otherwise. */
export function assertRpcUrl(url: string | undefined): string {
  if (!url) throw new InvalidRpcUrlError()
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch (error) {
    throw new InvalidRpcUrlError({ rpcUrl: url, cause: error })
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new InvalidRpcUrlError({ rpcUrl: url })
  return url
}
