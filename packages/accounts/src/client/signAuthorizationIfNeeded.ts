import { type Client, concat, type LocalAccount, type SignedAuthorization } from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import { getCode, signAuthorization } from 'viem/actions'
import { AccountsError } from '../errors/AccountsError.js'

/**
 * The EIP-7702 authorization a not-yet-delegated account (ModularAccountV2 in 7702 mode) must carry
 * in its first user operation, signed by the owner (`signAuthorization`) with the owner's current
 * transaction nonce; `undefined` for other accounts and once the EOA delegates to the account's
 * implementation (an EOA delegated elsewhere is re-delegated).
 *
 * @example
 * const authorization = await signAuthorizationIfNeeded(publicClient, account)
 */
export async function signAuthorizationIfNeeded(
  client: Client,
  account: SmartAccount,
): Promise<SignedAuthorization | undefined> {
  if (!account.authorization) return undefined
  // Delegated already (code = 0xef0100 ‖ implementation): nothing to authorize. An EOA delegated
  // elsewhere, or not at all, needs the authorization.
  const code = await getCode(client, { address: account.address })
  const delegation = concat(['0xef0100', account.authorization.address]).toLowerCase()
  if (code?.toLowerCase() === delegation) return undefined
  const owner = account.authorization.account as unknown as LocalAccount
  if (typeof owner.signAuthorization !== 'function')
    throw new AccountsError('The account owner cannot sign an EIP-7702 authorization (no signAuthorization)')
  return signAuthorization(client, { account: owner, contractAddress: account.authorization.address })
}
