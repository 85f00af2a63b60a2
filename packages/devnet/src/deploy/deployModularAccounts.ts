import { ModularAccountV2Factory } from '../artifacts/modular/ModularAccountV2Factory.js'
import { MultiOwnerModularAccount } from '../artifacts/modular/MultiOwnerModularAccount.js'
import { MultiOwnerModularAccountFactory } from '../artifacts/modular/MultiOwnerModularAccountFactory.js'
import { MultiOwnerPlugin } from '../artifacts/modular/MultiOwnerPlugin.js'
import { SemiModularAccount7702 } from '../artifacts/modular/SemiModularAccount7702.js'
import { SemiModularAccountBytecode } from '../artifacts/modular/SemiModularAccountBytecode.js'
import { SingleSignerValidationModule } from '../artifacts/modular/SingleSignerValidationModule.js'
import { modularAccountAddresses } from '../modular/modularAccountAddresses.js'
import type { DevnetClient } from './createDevnetClient.js'
import { placeContract } from './placeContract.js'

/**
 * Places Sigil's MultiOwnerModularAccount (MA v1) and ModularAccountV2 stand-ins at their addresses
 * (`modularAccountAddresses`): the MA v1 MultiOwnerPlugin, account implementation and factory; the ModularAccountV2
 * SingleSignerValidation module, account implementation (at the SemiModularAccountBytecode, MA v2 and SMA Storage
 * addresses), its factory, and the 7702 implementation. Constructor state is immutables only (`placeContract` keeps no constructor storage).
 * Assumes `deployEntryPoints` ran.
 *
 * @example
 * await deployEntryPoints(client)
 * await deployModularAccounts(client)
 */
export async function deployModularAccounts(client: DevnetClient): Promise<void> {
  const v1 = modularAccountAddresses.multiOwnerModularAccount
  const v2 = modularAccountAddresses.modularAccountV2
  const v2In7702 = modularAccountAddresses.modularAccountV2In7702
  await placeContract(client, { bytecode: MultiOwnerPlugin.bytecode, address: v1.multiOwnerPlugin })
  await placeContract(client, {
    ...MultiOwnerModularAccount,
    args: [v1.entryPoint, v1.multiOwnerPlugin],
    address: v1.implementation,
  })
  await placeContract(client, {
    ...MultiOwnerModularAccountFactory,
    args: [v1.implementation, v1.multiOwnerPlugin],
    address: v1.factory,
  })
  const module = v2.singleSignerValidationModule
  await placeContract(client, { bytecode: SingleSignerValidationModule.bytecode, address: module })
  for (const address of [v2.implementation, v2.accountImplementation, v2.storageImplementation]) {
    await placeContract(client, { ...SemiModularAccountBytecode, args: [v2.entryPoint, module], address })
  }
  await placeContract(client, {
    ...ModularAccountV2Factory,
    args: [v2.entryPoint, v2.implementation, v2.accountImplementation],
    address: v2.factory,
  })
  await placeContract(client, {
    ...SemiModularAccount7702,
    args: [v2In7702.entryPoint, module],
    address: v2In7702.implementation,
  })
}
