import { concat, type Hash } from 'viem'
import type { DeployerClient } from './createDeployerClient.js'
import type { PaymasterDeployment } from './getPaymasterDeployment.js'
import { deterministicDeployer, paymasterSalt } from './getPaymasterDeployment.js'
import { PaymasterDeployError } from './PaymasterDeployError.js'
import { waitForPaymasterTransaction } from './waitForPaymasterTransaction.js'

/**
 * Deploys the paymaster of `deployment` through the deterministic deployer (CREATE2, fixed salt), unless
 * code is already at its address (then `transactionHash` is null). Checks the EntryPoint and the deployer
 * proxy exist first, so a chain without them fails with a clear message instead of a silent no-op.
 *
 * @example
 * const { alreadyDeployed } = await deployPaymaster(client, getPaymasterDeployment({ version: '0.7', owner, signer }))
 */
export async function deployPaymaster(
  client: DeployerClient,
  deployment: PaymasterDeployment,
): Promise<{ alreadyDeployed: boolean; transactionHash: Hash | null }> {
  if (await client.getCode({ address: deployment.address }))
    return { alreadyDeployed: true, transactionHash: null }
  if (!(await client.getCode({ address: deterministicDeployer })))
    throw new PaymasterDeployError(
      `the deterministic deployment proxy ${deterministicDeployer} is not on this chain`,
    )
  if (!(await client.getCode({ address: deployment.entryPoint })))
    throw new PaymasterDeployError(
      `EntryPoint v${deployment.version} ${deployment.entryPoint} is not on this chain`,
    )
  const transactionHash = await client.sendTransaction({
    chain: null,
    to: deterministicDeployer,
    data: concat([paymasterSalt, deployment.initCode]),
  })
  await waitForPaymasterTransaction(client, transactionHash, 'the deployment')
  if (!(await client.getCode({ address: deployment.address })))
    throw new PaymasterDeployError(`the paymaster did not land at ${deployment.address}`)
  return { alreadyDeployed: false, transactionHash }
}
