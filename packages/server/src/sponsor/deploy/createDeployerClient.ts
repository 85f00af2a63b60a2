import {
  type Account,
  type Chain,
  createWalletClient,
  type Hex,
  http,
  type PublicActions,
  publicActions,
  type Transport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A wallet client of the deployer's local account, with viem's public actions. */
export type DeployerClient = WalletClient<Transport, Chain | undefined, Account> &
  PublicActions<Transport, Chain | undefined, Account>

/**
 * A viem wallet + public client on `rpcUrl` that signs with the deployer key (locally: the key never goes to
 * the node). No chain object: transactions pass `chain: null`, and the node's chain id is asked for each.
 *
 * @example
 * const client = createDeployerClient({ rpcUrl: 'https://sepolia.base.org', privateKey })
 */
export function createDeployerClient({
  rpcUrl,
  privateKey,
}: {
  rpcUrl: string
  privateKey: Hex
}): DeployerClient {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: http(rpcUrl, { retryCount: 1 }),
    pollingInterval: 250,
  }).extend(publicActions)
}
