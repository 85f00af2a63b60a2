import { createTestClient, http, publicActions, walletActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { anvilAccounts } from './anvilAccounts.js'

/**
 * A viem client for the devnet: anvil test actions (`setCode`, `setBalance`, `impersonateAccount`, …), public
 * and wallet actions, sending from anvil dev account #0 (the deployer), polling every 20 ms.
 *
 * @example
 * const client = createDevnetClient('http://127.0.0.1:8545')
 * await client.getChainId() // 31337
 */
export function createDevnetClient(rpcUrl: string) {
  return createTestClient({
    mode: 'anvil',
    chain: anvil,
    account: privateKeyToAccount(anvilAccounts[0].privateKey),
    transport: http(rpcUrl),
    pollingInterval: 20,
  })
    .extend(publicActions)
    .extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>
