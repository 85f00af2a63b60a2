import { type SigilSessionStamper, sigil } from '@sigil/accounts'
import type { Transport } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { Connection } from '../store/CoreState.js'

/**
 * The chain's gateway: the connection's `rpcUrl`, else the chain's own (`defineSigilChain`), else
 * `<Sigil server>/rpc/<chainId>`. The app's credential (as a bearer token) and the user's session stamp
 * of sponsorship requests go along only to the Sigil server's own origin.
 *
 * @example
 * const transport = connection.transport ?? gatewayTransport(config, connection, stamper)
 */
export function gatewayTransport(
  config: SigilConfig,
  connection: Connection,
  stamper: SigilSessionStamper | undefined,
): Transport {
  const server = config._internal.connection
  const serverUrl = server.rpcUrl.replace(/\/+$/, '')
  const chainGateway = (connection.chain.rpcUrls as { sigil?: { http?: readonly string[] } }).sigil?.http?.[0]
  const rpcUrl = connection.rpcUrl ?? chainGateway ?? `${serverUrl}/rpc/${connection.chain.id}`
  const credential = server.jwt ?? server.apiKey
  const sameServer = originOf(rpcUrl) !== undefined && originOf(rpcUrl) === originOf(serverUrl)
  return sigil({
    rpcUrl,
    jwt: sameServer ? credential : undefined,
    stamper: sameServer ? stamper : undefined,
  })
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
