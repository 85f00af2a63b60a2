import { type Address, concat, getContractAddress, type Hex } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { DevnetError } from '../errors/DevnetError.js'
import type { DevnetClient } from './createDevnetClient.js'
import { placeContract } from './placeContract.js'
import { readArtifact } from './readArtifact.js'

export type EntryPointVersion = '0.6' | '0.7' | '0.8'

export type EntryPoints = Record<EntryPointVersion, Address>

/** The deterministic deployment proxy (pre-deployed by anvil): `to` = it, data = salt ‖ creation code. */
const deterministicDeployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The salts of the canonical v0.7 and v0.8 deployments: the artifacts land at the canonical addresses. */
const salts = {
  '0.7': '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
  '0.8': '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
} as const

/**
 * Places EntryPoint v0.6, v0.7 and v0.8 at their canonical addresses. v0.7 and v0.8 are the eth-infinitism
 * artifacts deployed through the deterministic deployer with the canonical salts (byte-identical). v0.6 does not
 * hash to its address, so it is placed with `anvil_setCode`; its artifact keeps the SenderCreator as an immutable
 * created in the constructor, so the runtime code is patched to point at the canonical SenderCreator
 * (`CREATE(0x5FF1…2789, 1)`), and that SenderCreator's code is placed as well (alto's v0.6 simulation expects it).
 * Idempotent: an EntryPoint that already has code is left alone.
 *
 * @example
 * const entryPoints = await deployEntryPoints(client)
 * // entryPoints['0.7'] === '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
 */
export async function deployEntryPoints(client: DevnetClient): Promise<EntryPoints> {
  await deployWithSalt(
    client,
    entryPoint07Address,
    salts['0.7'],
    readArtifact('aa-contracts-07', 'EntryPoint').bytecode,
  )
  await deployWithSalt(
    client,
    entryPoint08Address,
    salts['0.8'],
    readArtifact('@account-abstraction/contracts', 'EntryPoint').bytecode,
  )
  await placeEntryPoint06(client)
  return { '0.6': entryPoint06Address, '0.7': entryPoint07Address, '0.8': entryPoint08Address }
}

async function deployWithSalt(
  client: DevnetClient,
  address: Address,
  salt: Hex,
  bytecode: Hex,
): Promise<void> {
  if (await client.getCode({ address })) return
  const hash = await client.sendTransaction({ to: deterministicDeployer, data: concat([salt, bytecode]) })
  await client.waitForTransactionReceipt({ hash })
  if (!(await client.getCode({ address })))
    throw new DevnetError(`EntryPoint did not land at ${address}`, { details: `transaction ${hash}` })
}

async function placeEntryPoint06(client: DevnetClient): Promise<void> {
  if (await client.getCode({ address: entryPoint06Address })) return
  const senderCreator = getContractAddress({ from: entryPoint06Address, nonce: 1n })
  let temporarySenderCreator: Address | undefined
  await placeContract(client, {
    bytecode: readArtifact('aa-contracts-06', 'EntryPoint').bytecode,
    address: entryPoint06Address,
    replace: (temporary) => {
      temporarySenderCreator = getContractAddress({ from: temporary, nonce: 1n })
      return [[temporarySenderCreator, senderCreator]]
    },
  })
  const code = temporarySenderCreator && (await client.getCode({ address: temporarySenderCreator }))
  if (!code) throw new DevnetError('EntryPoint v0.6 deployed no SenderCreator')
  await client.setCode({ address: senderCreator, bytecode: code })
}
