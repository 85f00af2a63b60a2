import {
  type Chain,
  type Client,
  createTestClient,
  type HttpTransport,
  http,
  type PrivateKeyAccount,
  type PublicActions,
  publicActions,
  type TestActions,
  type TestRpcSchema,
  type WalletActions,
  walletActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { anvilAccounts } from './anvilAccounts.js'

/** The devnet's viem client: anvil test actions, public and wallet actions, sending from account #0. */
export type DevnetClient = Client<
  HttpTransport,
  Chain,
  PrivateKeyAccount,
  TestRpcSchema<'anvil'>,
  TestActions &
    PublicActions<HttpTransport, Chain, PrivateKeyAccount> &
    WalletActions<Chain, PrivateKeyAccount>
>

/**
 * A viem client for the devnet: anvil test actions (`setCode`, `setBalance`, `impersonateAccount`, …), public
 * and wallet actions, chain id 31337, sending from anvil dev account #0 (the deployer), polling every 20 ms.
 *
 * @example
 * const client = createDevnetClient('http://127.0.0.1:8545')
 * await client.getChainId() // 31337
 */
export function createDevnetClient(rpcUrl: string): DevnetClient {
  return createTestClient({
    mode: 'anvil',
    chain: anvil as Chain,
    account: privateKeyToAccount(anvilAccounts[0].privateKey),
    transport: http(rpcUrl),
    pollingInterval: 20,
  })
    .extend(publicActions)
    .extend(walletActions)
}
