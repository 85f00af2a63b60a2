import type { Abi, Address, Hex } from 'viem'
import { LightAccountFactory } from '../artifacts/light/LightAccountFactory.js'
import { LightAccountV1 } from '../artifacts/light/LightAccountV1.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import { MultiOwnerLightAccount } from '../artifacts/light/MultiOwnerLightAccount.js'
import { MultiOwnerLightAccountFactory } from '../artifacts/light/MultiOwnerLightAccountFactory.js'
import { lightAccountAddresses } from '../light/lightAccountAddresses.js'
import type { DevnetClient } from './createDevnetClient.js'
import { placeContract } from './placeContract.js'

type Artifact = { abi: Abi; bytecode: Hex }

/** Each account type: its implementation and factory artifacts and where they go. */
const placements = [
  { addresses: lightAccountAddresses.lightAccountV1, account: LightAccountV1, factory: LightAccountFactory },
  { addresses: lightAccountAddresses.lightAccountV2, account: LightAccountV2, factory: LightAccountFactory },
  {
    addresses: lightAccountAddresses.multiOwnerLightAccountV2,
    account: MultiOwnerLightAccount,
    factory: MultiOwnerLightAccountFactory,
  },
] as const satisfies readonly {
  addresses: { entryPoint: Address; factory: Address; implementation: Address }
  account: Artifact
  factory: Artifact
}[]

/**
 * Places Sigil's LightAccount v1.1.0, LightAccount v2.0.0 and MultiOwnerLightAccount v2.0.0 stand-ins (each
 * implementation and its factory) at their canonical addresses (`lightAccountAddresses`). The implementations keep
 * their EntryPoint, and the factories their EntryPoint and implementation, in immutables, so placing the runtime
 * code is enough. Assumes `deployEntryPoints` ran; idempotent (a contract that already has code is left alone).
 *
 * @example
 * await deployEntryPoints(client)
 * await deployLightAccounts(client)
 */
export async function deployLightAccounts(client: DevnetClient): Promise<void> {
  for (const { addresses, account, factory } of placements) {
    await placeOnce(client, account, addresses.implementation, [addresses.entryPoint])
    await placeOnce(client, factory, addresses.factory, [addresses.entryPoint, addresses.implementation])
  }
}

async function placeOnce(
  client: DevnetClient,
  artifact: Artifact,
  address: Address,
  args: readonly unknown[],
): Promise<void> {
  if (await client.getCode({ address })) return
  await placeContract(client, { bytecode: artifact.bytecode, abi: artifact.abi, args, address })
}
