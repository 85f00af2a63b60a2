import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, http, type PublicClient, parseAbi, type SignedAuthorization } from 'viem'
import { createBundlerClient, type SmartAccount, type UserOperationReceipt } from 'viem/account-abstraction'
import { appCreateCommand } from '../../../cli/appCreateCommand.js'
import { policyCommand } from '../../../cli/policyCommand.js'
import { type SpawnedServer, spawnServer } from '../../../test/spawnServer.js'
import { captured, lastJson } from './createPaymasterCli.js'

const depositAbi = parseAbi(['function getDeposit() view returns (uint256)'])

export type SendSponsoredTestOperationParameters = {
  client: PublicClient
  rpcUrl: string
  bundlerUrl: string
  dataDir: string
  env: Record<string, string>
  version: EntryPointVersion
  paymaster: Address
  account: SmartAccount
  /** More `policy create` flags (e.g. `--allow-factory` for an account that is not one of Sigil's types). */
  policyArgs?: string[] | undefined
  /** An EIP-7702 account's signed authorization, for its first operation. */
  authorization?: SignedAuthorization | undefined
}

/**
 * Starts `sigil-server start` in a child process with the chain in `SIGIL_CHAINS` (its bundler, and `paymaster` as
 * its paymaster for `version`), makes an app and a public policy on the chain, and sends one operation of `account`
 * (a call to 0x…dEaD) through the server's gateway with that policy. Returns its receipt, the paymaster's deposit
 * at the EntryPoint before and after, and the policy as `policy list` shows it once the server has stopped.
 *
 * @example
 * const { receipt } = await sendSponsoredTestOperation({ ...chain, env, version: '0.6', paymaster, account })
 */
export async function sendSponsoredTestOperation(parameters: SendSponsoredTestOperationParameters): Promise<{
  receipt: UserOperationReceipt
  depositBefore: bigint
  depositAfter: bigint
  /** The policy as `sigil-server policy list` shows it afterwards (it settles what the chain included first). */
  policy: { spentWei: string; reservedWei: string; operations: number; paymasterDeposits: unknown[] }
}> {
  const { client, rpcUrl, bundlerUrl, dataDir, env, version, paymaster, account } = parameters
  const chains = JSON.stringify([{ id: 31337, rpcUrl, bundlerUrl, paymasters: { [version]: paymaster } }])
  let server: SpawnedServer | undefined
  try {
    server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], {
      ...env,
      SIGIL_CHAINS: chains,
    })
    const origin = 'http://localhost:5173'
    const appRun = await captured(() =>
      appCreateCommand(['--name', `app ${account.address}`, '--origin', origin, '--data-dir', dataDir]),
    )
    if (appRun.code !== 0) throw new Error(appRun.stderr)
    const app = lastJson(appRun.stdout)
    const policy = await captured(() =>
      policyCommand([
        'create',
        '--app',
        app.appId,
        '--budget',
        '1000000000000000000',
        '--audience',
        'public',
        '--chain',
        '31337',
        ...(parameters.policyArgs ?? []),
        '--data-dir',
        dataDir,
      ]),
    )
    if (policy.code !== 0) throw new Error(policy.stderr)
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(`${server.url}/rpc/31337/${app.apiKey}`),
      paymaster: true,
      paymasterContext: { policyId: lastJson(policy.stdout).policyId },
      pollingInterval: 50,
    })
    const readDeposit = () =>
      client.readContract({ address: paymaster, abi: depositAbi, functionName: 'getDeposit' })
    const depositBefore = await readDeposit()
    const hash = await bundler.sendUserOperation({
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n, data: '0x' }],
      authorization: parameters.authorization,
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
    const depositAfter = await readDeposit()
    await server.stop()
    const list = await captured(() => policyCommand(['list', '--app', app.appId, '--data-dir', dataDir]), {
      SIGIL_CHAINS: chains,
    })
    if (list.code !== 0) throw new Error(list.stderr)
    return { receipt, depositBefore, depositAfter, policy: lastJson(list.stdout)[0] }
  } finally {
    await server?.stop()
  }
}
