import { type Address, formatEther, type PublicClient } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { type PaymasterDeployment, paymasterArtifacts } from './getPaymasterDeployment.js'
import { PaymasterDeployError } from './PaymasterDeployError.js'

export type PaymasterStatus = {
  chainId: number
  entryPointVersion: PaymasterDeployment['version']
  entryPoint: Address
  address: Address
  deployed: boolean
  /** On chain when deployed, else the one it would be deployed with. */
  owner: Address
  signer: Address
  /** The vault's paymaster signer: what `signer` must be for the server's sponsorships to validate. */
  expectedSigner: Address
  deposit: { wei: string; eth: string }
  stake: { wei: string; eth: string; staked: boolean; unstakeDelaySec: number; withdrawTime: number }
}

/**
 * The paymaster's state as `sigil-server paymaster status` prints it: deployed or not, owner and signer (read
 * from the contract), its deposit and stake at the EntryPoint (`getDepositInfo`, the same layout in v0.6–v0.8). Throws when the EntryPoint is not on the chain.
 *
 * @example
 * const status = await readPaymasterStatus(client, deployment)
 */
export async function readPaymasterStatus(
  client: Pick<PublicClient, 'getCode' | 'readContract' | 'getChainId'>,
  deployment: PaymasterDeployment,
): Promise<PaymasterStatus> {
  const { address, entryPoint, version } = deployment
  const abi = paymasterArtifacts[version].abi
  const [chainId, code, entryPointCode] = await Promise.all([
    client.getChainId(),
    client.getCode({ address }),
    client.getCode({ address: entryPoint }),
  ])
  if (!entryPointCode || entryPointCode === '0x')
    throw new PaymasterDeployError(`EntryPoint v${version} ${entryPoint} is not on this chain`)
  const info = await client.readContract({
    address: entryPoint,
    abi: entryPoint07Abi,
    functionName: 'getDepositInfo',
    args: [address],
  })
  const deployed = code !== undefined && code !== '0x'
  const [owner, signer] = deployed
    ? await Promise.all([
        client.readContract({ address, abi, functionName: 'owner' }) as Promise<Address>,
        client.readContract({ address, abi, functionName: 'signer' }) as Promise<Address>,
      ])
    : [deployment.owner, deployment.signer]
  return {
    chainId,
    entryPointVersion: version,
    entryPoint,
    address,
    deployed,
    owner,
    signer,
    expectedSigner: deployment.signer,
    deposit: { wei: info.deposit.toString(), eth: formatEther(info.deposit) },
    stake: {
      wei: info.stake.toString(),
      eth: formatEther(info.stake),
      staked: info.staked,
      unstakeDelaySec: Number(info.unstakeDelaySec),
      withdrawTime: Number(info.withdrawTime),
    },
  }
}
