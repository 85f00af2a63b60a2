import { type Address, concat, encodeDeployData, getContractAddress, parseEther } from 'viem'
import { DevnetError } from '../errors/DevnetError.js'
import type { DevnetClient } from './createDevnetClient.js'
import type { EntryPoints } from './EntryPoints.js'
import type { Paymasters } from './Paymasters.js'
import { paymasterArtifacts } from './paymasterArtifacts.js'
import { setPaymasterSigners } from './setPaymasterSigners.js'
import { waitForSuccess } from './waitForSuccess.js'

export type DeployPaymastersParameters = {
  entryPoints: EntryPoints
  /** Whose signature sponsors operations; the owner (the client's account) by default. */
  signer?: Address | undefined
  /** Deposited into the EntryPoint for each paymaster; 100 ETH by default. */
  deposit?: bigint | undefined
}

const deterministicDeployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const salt = '0x5369676c5061796d617374657200000000000000000000000000000000000000' // "SiglPaymaster"

/**
 * Deploys Sigil's verifying paymasters, one per EntryPoint, owned by the client's account (anvil #0), and
 * deposits into each. They are created through the deterministic deployer with the owner as the first signer,
 * so their addresses are the same on every devnet; then `setSigner` sets the requested signer. Idempotent.
 *
 * @example
 * const paymasters = await deployPaymasters(client, { entryPoints, signer: '0x…' })
 */
export async function deployPaymasters(
  client: DevnetClient,
  parameters: DeployPaymastersParameters,
): Promise<Paymasters> {
  const owner = client.account.address
  const { entryPoints, signer = owner, deposit = parseEther('100') } = parameters
  const paymasters = {} as Paymasters
  for (const version of ['0.6', '0.7', '0.8'] as const) {
    const { abi, bytecode } = paymasterArtifacts[version]
    const initCode = encodeDeployData({ abi, bytecode, args: [entryPoints[version], owner, owner] })
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: deterministicDeployer,
      salt,
      bytecode: initCode,
    })
    paymasters[version] = address
    if (await client.getCode({ address })) continue
    const hash = await client.sendTransaction({ to: deterministicDeployer, data: concat([salt, initCode]) })
    await waitForSuccess(client, hash, `Deploying the v${version} paymaster`)
    if (!(await client.getCode({ address })))
      throw new DevnetError(`The v${version} paymaster did not land at ${address}`)
    if (deposit > 0n)
      await waitForSuccess(
        client,
        await client.writeContract({ address, abi, functionName: 'deposit', value: deposit }),
      )
  }
  await setPaymasterSigners(client, paymasters, signer)
  return paymasters
}
