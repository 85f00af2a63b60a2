import type { Address } from 'viem'
import { getSmartAccountClient } from '../actions/getSmartAccountClient.js'
import { getUser } from '../actions/getUser.js'
import type { SigilConfig } from '../createConfig.js'
import type { SmartAccountClientOfType } from '../smartAccounts/SmartAccountParameters.js'
import type { SigilProviderOptions } from './SigilProvider.js'

/**
 * The smart-account client the provider acts through (`account: 'smart'`): core's `getSmartAccountClient`
 * with the provider's `smartAccount` options (type default `'ModularAccountV2'`), sponsored by the active
 * chain's policy.
 *
 * @example
 * const client = await getProviderSmartAccountClient(config, options)
 */
export function getProviderSmartAccountClient(
  config: SigilConfig,
  options: SigilProviderOptions,
): Promise<SmartAccountClientOfType> {
  const { type = 'ModularAccountV2', accountParams, pollingInterval } = options.smartAccount ?? {}
  return getSmartAccountClient(config, { type, accountParams, pollingInterval } as never) as never
}

/**
 * The address the provider acts as: the signed-in user's smart account on the active chain
 * (`account: 'smart'`, the default) or the user's own key (`'owner'`); `undefined` while nobody is signed in.
 *
 * @example
 * const address = await getProviderAccount(config, { account: 'owner' })
 */
export async function getProviderAccount(
  config: SigilConfig,
  options: SigilProviderOptions,
): Promise<Address | undefined> {
  const user = getUser(config)
  if (!user) return undefined
  if (options.account === 'owner') return user.address
  return (await getProviderSmartAccountClient(config, options)).account.address
}
