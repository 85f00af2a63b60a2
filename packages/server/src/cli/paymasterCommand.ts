import { parseArgs } from 'node:util'
import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, createPublicClient, getAddress, http, isAddress, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createDeployerClient } from '../sponsor/deploy/createDeployerClient.js'
import { deployPaymaster } from '../sponsor/deploy/deployPaymaster.js'
import { getPaymasterDeployment, paymasterArtifacts } from '../sponsor/deploy/getPaymasterDeployment.js'
import { PaymasterDeployError } from '../sponsor/deploy/PaymasterDeployError.js'
import { readDeployerKey } from '../sponsor/deploy/readDeployerKey.js'
import { readPaymasterStatus } from '../sponsor/deploy/readPaymasterStatus.js'
import { waitForPaymasterTransaction } from '../sponsor/deploy/waitForPaymasterTransaction.js'
import { ensurePaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import { paymasterUsage } from './cliUsage.js'
import { commonOptions } from './parseCliArgs.js'
import { withStoreAndVault } from './withStoreAndVault.js'

const options = {
  ...commonOptions,
  rpc: { type: 'string' },
  'entry-point': { type: 'string', default: '0.7' },
  owner: { type: 'string' },
  'private-key-file': { type: 'string' },
  amount: { type: 'string' },
  'unstake-delay': { type: 'string' },
  to: { type: 'string' },
} as const

const actions = ['deploy', 'deposit', 'stake', 'withdraw', 'status'] as const

/**
 * `sigil-server paymaster deploy|deposit|stake|withdraw|status`: Sigil's verifying paymaster on a real
 * chain (docs/deploy.md#sponsorship-on-a-real-chain). Its address is CREATE2 through the deterministic
 * deployer with a fixed salt and the constructor arguments (EntryPoint, owner = the deployer unless
 * `--owner`, signer = the vault's paymaster signer), so it is the same on every chain for the same
 * arguments. The deployer key comes from `--private-key-file` or `SIGIL_DEPLOYER_KEY` and is never printed.
 * Each action prints one JSON line.
 */
export async function paymasterCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args
  const { values } = parseArgs({ args: rest, options, strict: true })
  if (values.help || !action || action === '--help' || action === '-h')
    return void console.log(paymasterUsage)
  if (!(actions as readonly string[]).includes(action))
    throw new PaymasterDeployError(`unknown paymaster action: ${action}\n\n${paymasterUsage}`)
  if (!values.rpc) throw new PaymasterDeployError('--rpc URL is required (the chain node)')
  const version = values['entry-point']
  if (version !== '0.6' && version !== '0.7' && version !== '0.8')
    throw new PaymasterDeployError('--entry-point must be 0.6, 0.7 or 0.8')
  const privateKey = await readDeployerKey({ keyFile: values['private-key-file'], env: process.env })
  const deployer = privateKey ? privateKeyToAccount(privateKey).address : undefined
  const owner = values.owner !== undefined ? parseAddress('--owner', values.owner) : deployer
  if (!owner)
    throw new PaymasterDeployError(
      'give the deployer key (--private-key-file or SIGIL_DEPLOYER_KEY) or --owner: the address depends on the owner',
    )
  const { address: signer } = await withStoreAndVault(values, (db, vault) =>
    ensurePaymasterSigner(db, vault, { now: Date.now() }),
  )
  const deployment = getPaymasterDeployment({ version: version as EntryPointVersion, owner, signer })
  // Status needs no key: a read-only client (the key, when given, only makes the default owner).
  if (action === 'status')
    return print(await readPaymasterStatus(createPublicClient({ transport: http(values.rpc) }), deployment))
  if (!privateKey)
    throw new PaymasterDeployError(
      `paymaster ${action} needs the deployer key: --private-key-file or SIGIL_DEPLOYER_KEY`,
    )
  const client = createDeployerClient({ rpcUrl: values.rpc, privateKey })
  if (action === 'deploy') {
    const { alreadyDeployed, transactionHash } = await deployPaymaster(client, deployment)
    return print({
      address: deployment.address,
      entryPointVersion: version,
      entryPoint: deployment.entryPoint,
      owner,
      signer,
      deployed: true,
      alreadyDeployed,
      transactionHash,
      message: alreadyDeployed ? 'already deployed' : 'deployed',
    })
  }
  if (!(await client.getCode({ address: deployment.address })))
    throw new PaymasterDeployError(
      `no paymaster at ${deployment.address} for these arguments: run paymaster deploy first`,
    )
  const abi = paymasterArtifacts[version].abi
  const address = deployment.address
  let hash: `0x${string}`
  if (action === 'deposit') {
    const value = parseAmount(values.amount)
    hash = await client.writeContract({ chain: null, address, abi, functionName: 'deposit', value })
  } else if (action === 'stake') {
    const value = parseAmount(values.amount)
    const delay = values['unstake-delay']
    if (!delay || !/^[1-9]\d{0,9}$/.test(delay) || Number(delay) > 0xffffffff)
      throw new PaymasterDeployError('--unstake-delay SECONDS is required (a positive whole number)')
    hash = await client.writeContract({
      chain: null,
      address,
      abi,
      functionName: 'addStake',
      args: [Number(delay)],
      value,
    })
  } else {
    if (values.to === undefined) throw new PaymasterDeployError('--to ADDRESS is required')
    const to = parseAddress('--to', values.to)
    const amount = parseAmount(values.amount)
    hash = await client.writeContract({
      chain: null,
      address,
      abi,
      functionName: 'withdrawTo',
      args: [to, amount],
    })
  }
  await waitForPaymasterTransaction(client, hash, `the ${action}`)
  print({ ...(await readPaymasterStatus(client, deployment)), transactionHash: hash })
}

function print(value: object): void {
  console.log(JSON.stringify(value))
}

function parseAddress(flag: string, value: string): Address {
  if (!isAddress(value, { strict: false })) throw new PaymasterDeployError(`${flag}: not an address`)
  return getAddress(value)
}

/** `--amount` in ETH (decimal, up to 18 places), positive. */
function parseAmount(amount: string | undefined): bigint {
  if (!amount || !/^\d+(\.\d{1,18})?$/.test(amount))
    throw new PaymasterDeployError('--amount ETH is required (a decimal number of ETH, e.g. 0.05)')
  const wei = parseEther(amount)
  if (wei === 0n) throw new PaymasterDeployError('--amount must be more than 0')
  return wei
}
