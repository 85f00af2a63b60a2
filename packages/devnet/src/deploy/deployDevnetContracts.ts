import { type Address, parseEther } from 'viem'
import { lightAccountAddresses } from '../light/lightAccountAddresses.js'
import { modularAccountAddresses } from '../modular/modularAccountAddresses.js'
import { createDevnetClient } from './createDevnetClient.js'
import { deployEntryPoints } from './deployEntryPoints.js'
import { deployLightAccounts } from './deployLightAccounts.js'
import { deployModularAccounts } from './deployModularAccounts.js'
import { deployPaymasters } from './deployPaymasters.js'
import type { EntryPoints } from './EntryPoints.js'
import type { Paymasters } from './Paymasters.js'
import { setPaymasterSigners } from './setPaymasterSigners.js'

export type DeployDevnetContractsParameters = {
  /** Whose signature sponsors operations; the paymaster owner (anvil #0) by default. */
  paymasterSigner?: Address | undefined
  /** Funded with 10 000 ETH each. */
  devAccounts: readonly { address: Address }[]
}

export type DeployDevnetContractsReturnType = {
  entryPoints: EntryPoints
  paymasters: Paymasters
  accounts: { light: typeof lightAccountAddresses; modular: typeof modularAccountAddresses }
  setPaymasterSigner(signer: Address): Promise<void>
}

/**
 * Everything the devnet puts on a fresh anvil, from account #0: the EntryPoints, Sigil's account stand-ins,
 * the paymasters (100 ETH deposited each), and the dev accounts' balances.
 *
 * @example
 * const { entryPoints, paymasters } = await deployDevnetContracts(rpcUrl, { devAccounts })
 */
export async function deployDevnetContracts(
  rpcUrl: string,
  parameters: DeployDevnetContractsParameters,
): Promise<DeployDevnetContractsReturnType> {
  const client = createDevnetClient(rpcUrl)
  const entryPoints = await deployEntryPoints(client)
  await deployLightAccounts(client)
  await deployModularAccounts(client)
  const paymasters = await deployPaymasters(client, { entryPoints, signer: parameters.paymasterSigner })
  for (const { address } of parameters.devAccounts)
    await client.setBalance({ address, value: parseEther('10000') })
  return {
    entryPoints,
    paymasters,
    accounts: { light: lightAccountAddresses, modular: modularAccountAddresses },
    setPaymasterSigner: (signer) => setPaymasterSigners(client, paymasters, signer),
  }
}
