import { expect } from 'vitest'
import { ethereumAccount } from '../../test/createUserSubOrganization.js'
import { activityEnvelope } from './activityEnvelope.js'
import { type ApiKey, sendRequest } from './sendRequest.js'

/**
 * Creates a wallet with one Ethereum account through a running server's `create_wallet` (asserting the 200)
 * and returns the account's address, to sign with.
 *
 * @example
 * const signWith = await createEthereumWallet(server.url, organizationId, rootKey)
 */
export async function createEthereumWallet(
  url: string,
  organizationId: string,
  key: ApiKey,
): Promise<string> {
  const wallet = await sendRequest(
    url,
    'POST',
    '/public/v1/submit/create_wallet',
    activityEnvelope(organizationId, 'ACTIVITY_TYPE_CREATE_WALLET', {
      walletName: 'w',
      accounts: [ethereumAccount],
    }),
    key,
  )
  expect(wallet.status, wallet.text).toBe(200)
  return (
    JSON.parse(wallet.text) as { activity: { result: { createWalletResult: { addresses: string[] } } } }
  ).activity.result.createWalletResult.addresses[0]!
}
