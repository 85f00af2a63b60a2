import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  anvilAccounts,
  createDevnetClient,
  type DevnetClient,
  deployEntryPoints,
  deployLightAccounts,
  type StartAltoReturnType,
  type StartAnvilReturnType,
  startAlto,
  startAnvil,
} from '@sigil/devnet'
import { createPublicClient, http, type PublicClient, parseEther } from 'viem'
import {
  createBundlerClient,
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { getPaymasterDeployment } from '../sponsor/deploy/getPaymasterDeployment.js'
import { readPaymasterStatus } from '../sponsor/deploy/readPaymasterStatus.js'
import { toLightTestAccount } from '../sponsor/deploy/test/toLightTestAccount.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'
import { appCreateCommand } from './appCreateCommand.js'
import { paymasterCommand } from './paymasterCommand.js'
import { paymasterSignerCommand } from './paymasterSignerCommand.js'
import { policyCommand } from './policyCommand.js'

/**
 * `sigil-server paymaster deploy|deposit|stake|withdraw|status` on a plain anvil with the official
 * EntryPoints and an alto bundler (no pre-placed paymaster), then a spawned server sponsoring a
 * LightAccount's operation with the deployed paymaster through its gateway.
 */

const slow = { timeout: 120_000 }
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!)
const target = '0x000000000000000000000000000000000000dEaD'
const deployerKey = generatePrivateKey()
const deployer = privateKeyToAccount(deployerKey)

let chain: StartAnvilReturnType
let alto: StartAltoReturnType
let client: DevnetClient
let publicClient: PublicClient
let dataDir: string
let keyFile: string
let env: Record<string, string>
let paymaster: `0x${string}`

const paymasterArgs = (action: string, args: string[]) => [
  action,
  '--rpc',
  chain.rpcUrl,
  '--data-dir',
  dataDir,
  ...args,
]
/** `sigil-server paymaster …` in a child process, as an operator runs it (about 3 s each under load). */
const paymasterCli = (action: string, args: string[] = [], extraEnv: Record<string, string> = {}) =>
  runCli(['paymaster', ...paymasterArgs(action, args)], { ...env, ...extraEnv })

/**
 * A command in this process (no tsx start-up per run, about 3 s under load): what it printed, or the
 * error's one-line message as the CLI shows it.
 */
async function captured(run: () => Promise<void>, extraEnv: Record<string, string> = {}) {
  const saved = Object.fromEntries(Object.keys(extraEnv).map((name) => [name, process.env[name]]))
  Object.assign(process.env, extraEnv)
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await run()
    return { code: 0, stdout: log.mock.calls.map((call) => String(call[0])).join('\n'), stderr: '' }
  } catch (error) {
    const { shortMessage, message } = error as { shortMessage?: string; message: string }
    return { code: 1, stdout: '', stderr: `sigil-server: ${shortMessage ?? message}` }
  } finally {
    log.mockRestore()
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** `sigil-server paymaster <action> --rpc <anvil> --data-dir <dir> …args` in this process. */
const inProcess = (action: string, args: string[] = [], extraEnv: Record<string, string> = {}) =>
  captured(() => paymasterCommand(paymasterArgs(action, args)), extraEnv)

beforeAll(async () => {
  chain = await startAnvil()
  client = createDevnetClient(chain.rpcUrl)
  publicClient = createPublicClient({ chain: anvil, transport: http(chain.rpcUrl), pollingInterval: 50 })
  await deployEntryPoints(client)
  await deployLightAccounts(client)
  alto = await startAlto({
    rpcUrl: chain.rpcUrl,
    entryPoints: [entryPoint06Address, entryPoint07Address, entryPoint08Address],
    executorPrivateKey: anvilAccounts[1].privateKey,
    utilityPrivateKey: anvilAccounts[2].privateKey,
  })
  // The operator funds a fresh deployer key, as on a public chain.
  await client.setBalance({ address: deployer.address, value: parseEther('10') })
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-paymaster-'))
  keyFile = join(dataDir, 'deployer.key')
  await writeFile(keyFile, `${deployerKey}\n`, { mode: 0o600 })
  env = { SIGIL_MASTER_KEY: testMasterKey }
  process.env.SIGIL_MASTER_KEY = testMasterKey
}, 120_000)
afterAll(async () => {
  await alto?.stop()
  await chain?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  delete process.env.SIGIL_MASTER_KEY
})

describe('sigil-server paymaster on a plain chain', slow, () => {
  test('default: status before deploy reports the address it will have, not deployed', async () => {
    const run = await inProcess('status', ['--owner', deployer.address])
    expect(run.code).toBe(0)
    const status = lastJson(run.stdout)
    const signer = lastJson(
      (await captured(() => paymasterSignerCommand(['--data-dir', dataDir]))).stdout,
    ).address
    expect(status).toMatchObject({
      chainId: 31337,
      entryPointVersion: '0.7',
      entryPoint: entryPoint07Address,
      deployed: false,
      owner: deployer.address,
      signer,
      expectedSigner: signer,
      deposit: { wei: '0' },
    })
    paymaster = status.address
  })

  test('default: deploy lands at the deterministic address; a second deploy says it is already there', async () => {
    const first = await paymasterCli('deploy', ['--private-key-file', keyFile])
    expect(first.code, first.stderr).toBe(0)
    expect(lastJson(first.stdout)).toMatchObject({
      address: paymaster,
      alreadyDeployed: false,
      owner: deployer.address,
    })
    expect(await client.getCode({ address: paymaster })).toMatch(/^0x[0-9a-f]{100,}$/)
    const second = await inProcess('deploy', [], { SIGIL_DEPLOYER_KEY: deployerKey })
    expect(second.code, second.stderr).toBe(0)
    expect(lastJson(second.stdout)).toMatchObject({
      address: paymaster,
      alreadyDeployed: true,
      transactionHash: null,
      message: 'already deployed',
    })
    for (const run of [first, second]) {
      expect(run.stdout + run.stderr).not.toContain(deployerKey.slice(2))
    }
  })

  test('default: deposit and stake show in status', async () => {
    const deposit = await inProcess('deposit', ['--amount', '1.5', '--private-key-file', keyFile])
    expect(deposit.code, deposit.stderr).toBe(0)
    const stake = await inProcess('stake', ['--amount', '0.5', '--unstake-delay', '86400'], {
      SIGIL_DEPLOYER_KEY: deployerKey,
    })
    expect(stake.code, stake.stderr).toBe(0)
    const status = lastJson((await inProcess('status', ['--owner', deployer.address])).stdout)
    expect(status).toMatchObject({
      address: paymaster,
      deployed: true,
      deposit: { wei: parseEther('1.5').toString(), eth: '1.5' },
      stake: { eth: '0.5', staked: true, unstakeDelaySec: 86400, withdrawTime: 0 },
    })
    expect(status.signer).toBe(status.expectedSigner)
  })

  test('behavior: a spawned server sponsors a LightAccount operation with the deployed paymaster', async () => {
    const chains = JSON.stringify([
      { id: 31337, rpcUrl: chain.rpcUrl, bundlerUrl: alto.bundlerUrl, paymasters: { '0.7': paymaster } },
    ])
    let server: SpawnedServer | undefined
    try {
      server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], {
        ...env,
        SIGIL_CHAINS: chains,
      })
      const app = lastJson(
        (
          await captured(() =>
            appCreateCommand(['--name', 'a', '--origin', 'http://localhost:5173', '--data-dir', dataDir]),
          )
        ).stdout,
      )
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
          '--data-dir',
          dataDir,
        ]),
      )
      expect(policy.code, policy.stderr).toBe(0)
      const policyId = lastJson(policy.stdout).policyId
      const account = await toLightTestAccount({
        client: publicClient,
        owner: privateKeyToAccount(generatePrivateKey()),
      })
      const bundler = createBundlerClient({
        account,
        client: publicClient,
        transport: http(`${server.url}/rpc/31337/${app.apiKey}`),
        paymaster: true,
        paymasterContext: { policyId },
        pollingInterval: 50,
      })
      const before = (await client.readContract({
        address: paymaster,
        abi: [
          {
            type: 'function',
            name: 'getDeposit',
            inputs: [],
            outputs: [{ type: 'uint256' }],
            stateMutability: 'view',
          },
        ],
        functionName: 'getDeposit',
      })) as bigint
      const hash = await bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] })
      const receipt = await bundler.waitForUserOperationReceipt({
        hash,
        pollingInterval: 50,
        timeout: 30_000,
      })
      expect(receipt.success).toBe(true)
      expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
      expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)
      expect(await client.getBalance({ address: account.address })).toBe(0n)
      const status = lastJson((await inProcess('status', ['--owner', deployer.address])).stdout)
      expect(BigInt(status.deposit.wei)).toBeLessThan(before)
    } finally {
      await server?.stop()
    }
  })

  test('default: withdraw sends part of the deposit to an address', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const before = BigInt(
      lastJson((await inProcess('status', ['--owner', deployer.address])).stdout).deposit.wei,
    )
    const run = await inProcess('withdraw', ['--to', to, '--amount', '0.25', '--private-key-file', keyFile])
    expect(run.code, run.stderr).toBe(0)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.25'))
    expect(BigInt(lastJson(run.stdout).deposit.wei)).toBe(before - parseEther('0.25'))
  })

  test('error: a deposit without the deployer key, a bad amount or entry point fail with one clear line', async () => {
    const noKey = await inProcess('deposit', ['--amount', '1', '--owner', deployer.address])
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toMatch(/^sigil-server: paymaster deposit needs the deployer key/)
    const badAmount = await inProcess('deposit', ['--amount', '1e18'], { SIGIL_DEPLOYER_KEY: deployerKey })
    expect(badAmount.code).toBe(1)
    expect(badAmount.stderr).toMatch(/--amount ETH is required/)
    const badKey = await inProcess('deploy', [], { SIGIL_DEPLOYER_KEY: 'not-a-key-secret' })
    expect(badKey.code).toBe(1)
    expect(badKey.stderr).toMatch(/SIGIL_DEPLOYER_KEY: expected a 32-byte hex private key/)
    expect(badKey.stderr).not.toContain('not-a-key-secret')
    const badVersion = await inProcess('status', ['--entry-point', '0.9', '--owner', deployer.address])
    expect(badVersion.code).toBe(1)
    expect(badVersion.stderr).toMatch(/--entry-point must be 0\.6, 0\.7 or 0\.8/)
  })

  test('error: status on a chain without the EntryPoint says so', async () => {
    const deployment = getPaymasterDeployment({
      version: '0.7',
      owner: deployer.address,
      signer: deployer.address,
      entryPoint: target,
    })
    await expect(readPaymasterStatus(publicClient, deployment)).rejects.toThrow(
      `EntryPoint v0.7 ${target} is not on this chain`,
    )
  })

  test('behavior: a stranger cannot withdraw (onlyOwner): the transaction reverts', async () => {
    const stranger = generatePrivateKey()
    await client.setBalance({ address: privateKeyToAccount(stranger).address, value: parseEther('1') })
    const run = await inProcess(
      'withdraw',
      ['--to', target, '--amount', '0.1', '--owner', deployer.address],
      { SIGIL_DEPLOYER_KEY: stranger },
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^sigil-server: /)
    expect(run.stderr).not.toContain(stranger.slice(2))
  })
})
