import {
  createSmartAccountClient,
  publicClientBatch,
  type SigilSessionStamper,
  toLightAccount,
  toModularAccountV2,
  toMultiOwnerLightAccount,
  toMultiOwnerModularAccount,
} from '@sigil/accounts'
import { createClient, type LocalAccount } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { Connection, SmartAccountType } from '../store/CoreState.js'
import { gatewayTransport } from './gatewayTransport.js'
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
 * `getSmartAccountClient` loads this module (with `@sigil/accounts` and viem's public and bundler
 * clients) on first use, so an app ships that code only when it asks for a smart account.
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
  const { chain, policyId } = connection
  const transport = connection.transport ?? gatewayTransport(config, connection, stamper)
  const client = createClient({ chain, transport, pollingInterval, batch: publicClientBatch })
  const base = { client, owner, ...accountParams }
  const account =
    type === 'LightAccount'
      ? await toLightAccount(base)
      : type === 'MultiOwnerLightAccount'
        ? await toMultiOwnerLightAccount(base)
        : type === 'MultiOwnerModularAccount'
          ? await toMultiOwnerModularAccount(base)
          : await toModularAccountV2(base)
  return createSmartAccountClient({
    ...clientOptions,
    account,
    chain,
    transport,
    policyId,
    pollingInterval,
  }) as unknown as SmartAccountClientOfType<type>
}
