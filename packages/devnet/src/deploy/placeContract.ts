import { type Abi, type Address, encodeDeployData, type Hex } from 'viem'
import { DevnetError } from '../errors/DevnetError.js'
import type { DevnetClient } from './createDevnetClient.js'
import { replaceAddress } from './replaceAddress.js'

export type PlaceContractParameters = {
  /** Creation code. */
  bytecode: Hex
  abi?: Abi | undefined
  args?: readonly unknown[] | undefined
  /** Where the runtime code goes. */
  address: Address
  /**
   * More address patches of the runtime code, given the temporary address T: e.g. a contract the constructor
   * created at `CREATE(T, 1)`, which must be placed next to `address` as well (`[from, to]` pairs).
   */
  replace?: ((temporary: Address) => readonly (readonly [from: Address, to: Address])[]) | undefined
}

/**
 * Puts a contract at a fixed address (a canonical one): deploys the creation code at a temporary address T from
 * account #0, reads T's runtime code, replaces T's 20 bytes with `address` (so `address(this)` immutables are
 * right) and sets the code with `anvil_setCode`. **Constructor storage writes are lost**: keep constructor state
 * in immutables or initialise the contract afterwards through a call.
 *
 * @example
 * await placeContract(client, { bytecode: Factory.bytecode, abi: Factory.abi, args: [entryPoint], address })
 */
export async function placeContract(
  client: DevnetClient,
  parameters: PlaceContractParameters,
): Promise<Address> {
  const { bytecode, abi = [], args = [], address, replace } = parameters
  const hash = await client.sendTransaction({ data: encodeDeployData({ abi, bytecode, args }) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const temporary = receipt.contractAddress
  if (receipt.status !== 'success' || !temporary)
    throw new DevnetError(`Deploying the contract for ${address} failed`, { details: `transaction ${hash}` })
  const deployed = await client.getCode({ address: temporary })
  if (!deployed) throw new DevnetError(`The contract for ${address} has no runtime code`)
  let code = replaceAddress(deployed, temporary, address)
  for (const [from, to] of replace?.(temporary) ?? []) code = replaceAddress(code, from, to)
  await client.setCode({ address, bytecode: code })
  return address
}
