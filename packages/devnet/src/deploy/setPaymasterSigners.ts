import { type Address, isAddressEqual } from 'viem'
import type { DevnetClient } from './createDevnetClient.js'
import type { Paymasters } from './Paymasters.js'
import { paymasterArtifacts } from './paymasterArtifacts.js'
import { waitForSuccess } from './waitForSuccess.js'

/**
 * Sets the signer of every Sigil paymaster (owner only: the client's account must own them); a paymaster that
 * already has this signer is left alone.
 *
 * @example
 * await setPaymasterSigners(client, devnet.paymasters, '0x…')
 */
export async function setPaymasterSigners(
  client: DevnetClient,
  paymasters: Paymasters,
  signer: Address,
): Promise<void> {
  for (const version of ['0.6', '0.7', '0.8'] as const) {
    const { abi } = paymasterArtifacts[version]
    const address = paymasters[version]
    if (isAddressEqual(await client.readContract({ address, abi, functionName: 'signer' }), signer)) continue
    const hash = await client.writeContract({ address, abi, functionName: 'setSigner', args: [signer] })
    await waitForSuccess(client, hash, `setSigner on the v${version} paymaster`)
  }
}
