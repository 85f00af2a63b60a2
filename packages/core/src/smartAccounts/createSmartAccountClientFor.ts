import type { SigilSessionStamper } from '@sigil/accounts'
import { createPublicClient, type LocalAccount, type Transport } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { Connection, SmartAccountType } from '../store/CoreState.js'
import type {
  SmartAccountClientOfType,
  SmartAccountClientOptions,
  SmartAccountParameters,
} from './SmartAccountParameters.js'

export type CreateSmartAccountClientForParameters<type extends SmartAccountType> = {
  type: type
  accountParams: SmartAccountParameters[type] | undefined
  /** The signed-in user's viem account, the smart account's owner. */
  owner: LocalAccount
  connection: Connection
  pollingInterval: number | undefined
  clientOptions: SmartAccountClientOptions | undefined
  /**
   * Stamps sponsorship requests as the signed-in user's session (`@sigil/signer`'s
   * `stampGatewayRequest`); used only on the Sigil server's own gateway, whose sessions they are.
   */
  stamper?: SigilSessionStamper | undefined
}

/**
 * Builds a smart account of `type` owned by `owner` on the connection's chain, and its
 * `createSmartAccountClient` through the chain's Sigil RPC gateway with the connection's gas policy
 * (its sponsorship requests stamped by `stamper`, so `signed-in` policies admit the user).
 * `@sigil/accounts` is loaded on first use, so apps that never use smart accounts do not carry it.
 *
 * @example
 * const client = await createSmartAccountClientFor(config, { type: 'LightAccount', owner, connection, … })
 */
export async function createSmartAccountClientFor<type extends SmartAccountType>(
  config: SigilConfig,
  {
    type,
    accountParams,
    owner,
    connection,
    pollingInterval,
    clientOptions,
    stamper,
  }: CreateSmartAccountClientForParameters<type>,
): Promise<SmartAccountClientOfType<type>> {
  const accounts = await import('@sigil/accounts')
  const { chain, policyId } = connection
  const transport = connection.transport ?? gatewayTransport(config, connection, accounts.sigil, stamper)
  const client = createPublicClient({ chain, transport, pollingInterval, batch: accounts.publicClientBatch })
  const base = { client, owner, ...accountParams }
  const account =
    type === 'LightAccount'
      ? await accounts.toLightAccount(base)
      : type === 'MultiOwnerLightAccount'
        ? await accounts.toMultiOwnerLightAccount(base)
        : type === 'MultiOwnerModularAccount'
          ? await accounts.toMultiOwnerModularAccount(base)
          : await accounts.toModularAccountV2(base)
  return accounts.createSmartAccountClient({
    ...clientOptions,
    account,
    chain,
    transport,
    policyId,
    pollingInterval,
  }) as unknown as SmartAccountClientOfType<type>
}

/**
 * The chain's gateway: the connection's `rpcUrl`, else the chain's own (`defineSigilChain`), else
 * `<Sigil server>/rpc/<chainId>`. The app's credential (as a bearer token) and the user's session stamp
 * of sponsorship requests go along only to the Sigil server's own origin.
 */
export function gatewayTransport(
  config: SigilConfig,
  connection: Connection,
  sigil: typeof import('@sigil/accounts').sigil,
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
