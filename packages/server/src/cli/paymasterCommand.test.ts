import { toTestSimpleAccount } from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, parseEther, type SignedAuthorization } from 'viem'
import {
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getPaymasterDeployment } from '../sponsor/deploy/getPaymasterDeployment.js'
import { readPaymasterStatus } from '../sponsor/deploy/readPaymasterStatus.js'
import { captured, createPaymasterCli, lastJson } from '../sponsor/deploy/test/createPaymasterCli.js'
import { sendSponsoredTestOperation } from '../sponsor/deploy/test/sendSponsoredTestOperation.js'
import {
  type PaymasterTestChain,
  startPaymasterTestChain,
} from '../sponsor/deploy/test/startPaymasterTestChain.js'
import { toLightTestAccount } from '../sponsor/deploy/test/toLightTestAccount.js'
import { testMasterKey } from '../test/createTestServer.js'
import { paymasterCommand } from './paymasterCommand.js'
import { paymasterSignerCommand } from './paymasterSignerCommand.js'

/**
 * `sigil-server paymaster deploy|deposit|stake|withdraw|status` on a plain anvil with the official
 * EntryPoints and one alto bundler for the three of them (no pre-placed paymaster), then a spawned server
 * sponsoring an operation with the deployed paymaster through its gateway, on each EntryPoint version with
 * an account of that version: LightAccount v1.1.0 (v0.6) and v2.0.0 (v0.7) from the canonical factories, and
 * on v0.8 (no Sigil account type on it) eth-infinitism's SimpleAccount, its policy listing the factory, and
 * Simple7702Account, an EOA delegated by an EIP-7702 authorization sent with its first operation.
 */

const slow = { timeout: 120_000 }
const target = '0x000000000000000000000000000000000000dEaD'
const env = { SIGIL_MASTER_KEY: testMasterKey }

let chain: PaymasterTestChain

beforeAll(async () => {
  chain = await startPaymasterTestChain()
  process.env.SIGIL_MASTER_KEY = testMasterKey
}, 120_000)
afterAll(async () => {
  await chain?.stop()
  delete process.env.SIGIL_MASTER_KEY
})

/** An account of the version's EntryPoint, new (owned by a fresh key), the policy flags it needs and, for an
 * EIP-7702 account, the owner's signed authorization. */
type TestAccount = {
  name: string
  create(): Promise<{ account: SmartAccount; authorization?: SignedAuthorization }>
  policyArgs(): string[]
}

const newOwner = () => privateKeyToAccount(generatePrivateKey())
const lightAccount = (version: '0.6' | '0.7', name: string): TestAccount => ({
  name,
  create: async () => ({
    account: await toLightTestAccount({ client: chain.publicClient, owner: newOwner(), version }),
  }),
  policyArgs: () => [],
})

const versions: { version: EntryPointVersion; entryPoint: Address; accounts: TestAccount[] }[] = [
  { version: '0.6', entryPoint: entryPoint06Address, accounts: [lightAccount('0.6', 'LightAccount v1.1.0')] },
  { version: '0.7', entryPoint: entryPoint07Address, accounts: [lightAccount('0.7', 'LightAccount v2.0.0')] },
  {
    version: '0.8',
    entryPoint: entryPoint08Address,
    accounts: [
      {
        name: 'SimpleAccount v0.8',
        create: async () => ({
          account: await toTestSimpleAccount({
            client: chain.publicClient,
            owner: newOwner(),
            entryPointVersion: '0.8',
            factory: chain.simpleAccountFactory08,
          }),
        }),
        policyArgs: () => ['--allow-factory', chain.simpleAccountFactory08],
      },
      {
        // Regression: the gateway refused viem's `factory: '0x7702'`, and recorded no user operation
        // hash for an EIP-7702 operation, so its cost never settled into the policy's spending.
        name: 'Simple7702Account (an EIP-7702 delegated EOA)',
        create: async () => {
          const owner = newOwner()
          const implementation = chain.simple7702Account08
          return {
            account: await toSimple7702SmartAccount({ client: chain.publicClient, owner, implementation }),
            authorization: await owner.signAuthorization({
              address: implementation,
              chainId: 31337,
              nonce: 0,
            }),
          }
        },
        policyArgs: () => ['--any-sender'],
      },
    ],
  },
]

for (const each of versions)
  describe(`sigil-server paymaster on a plain chain, EntryPoint v${each.version}`, slow, () => {
    const { version } = each
    let paymaster: Address
    const cli = () => createPaymasterCli({ rpcUrl: chain.rpcUrl, dataDir: chain.dataDir, version, env })
    const status = async () => lastJson((await cli().inProcess('status', ['--owner', chain.deployer])).stdout)

    test('default: status before deploy reports the address it will have, not deployed', async () => {
      const run = await cli().inProcess('status', ['--owner', chain.deployer])
      expect(run.code, run.stderr).toBe(0)
      const before = lastJson(run.stdout)
      const signer = lastJson(
        (await captured(() => paymasterSignerCommand(['--data-dir', chain.dataDir]))).stdout,
      ).address
      const { address } = getPaymasterDeployment({ version, owner: chain.deployer, signer })
      expect(before).toEqual({
        chainId: 31337,
        entryPointVersion: version,
        entryPoint: each.entryPoint,
        address,
        deployed: false,
        owner: chain.deployer,
        signer,
        expectedSigner: signer,
        deposit: { wei: '0', eth: '0' },
        stake: { wei: '0', eth: '0', staked: false, unstakeDelaySec: 0, withdrawTime: 0 },
      })
      paymaster = address
    })

    test('default: deploy lands at the deterministic address; a second deploy says it is already there', async () => {
      const first = await cli().child('deploy', ['--private-key-file', chain.keyFile])
      expect(first.code, first.stderr).toBe(0)
      expect(lastJson(first.stdout)).toMatchObject({
        address: paymaster,
        entryPointVersion: version,
        entryPoint: each.entryPoint,
        alreadyDeployed: false,
        owner: chain.deployer,
      })
      expect(await chain.client.getCode({ address: paymaster })).toMatch(/^0x[0-9a-f]{100,}$/)
      const second = await cli().inProcess('deploy', [], { SIGIL_DEPLOYER_KEY: chain.deployerKey })
      expect(second.code, second.stderr).toBe(0)
      expect(lastJson(second.stdout)).toMatchObject({
        address: paymaster,
        alreadyDeployed: true,
        transactionHash: null,
        message: 'already deployed',
      })
      for (const run of [first, second]) {
        expect(run.stdout + run.stderr).not.toContain(chain.deployerKey.slice(2))
      }
    })

    test('default: deposit and stake show in status', async () => {
      const deposit = await cli().inProcess('deposit', [
        '--amount',
        '1.5',
        '--private-key-file',
        chain.keyFile,
      ])
      expect(deposit.code, deposit.stderr).toBe(0)
      const stake = await cli().inProcess('stake', ['--amount', '0.5', '--unstake-delay', '86400'], {
        SIGIL_DEPLOYER_KEY: chain.deployerKey,
      })
      expect(stake.code, stake.stderr).toBe(0)
      const after = await status()
      expect(after).toMatchObject({
        address: paymaster,
        entryPointVersion: version,
        deployed: true,
        owner: chain.deployer,
        deposit: { wei: parseEther('1.5').toString(), eth: '1.5' },
        stake: { eth: '0.5', staked: true, unstakeDelaySec: 86400, withdrawTime: 0 },
      })
      expect(after.signer).toBe(after.expectedSigner)
    })

    for (const testAccount of each.accounts)
      test(`behavior: a spawned server sponsors a ${testAccount.name} operation with the deployed paymaster`, async () => {
        const { account, authorization } = await testAccount.create()
        const { receipt, depositBefore, policy } = await sendSponsoredTestOperation({
          client: chain.publicClient,
          rpcUrl: chain.rpcUrl,
          bundlerUrl: chain.bundlerUrl,
          dataDir: chain.dataDir,
          env,
          version,
          paymaster,
          account,
          policyArgs: testAccount.policyArgs(),
          authorization,
        })
        expect(receipt.success).toBe(true)
        expect(receipt.entryPoint.toLowerCase()).toBe(each.entryPoint.toLowerCase())
        expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
        expect(await chain.client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)
        expect(await chain.client.getBalance({ address: account.address })).toBe(0n)
        const deposit = BigInt((await status()).deposit.wei)
        expect(deposit).toBe(depositBefore - receipt.actualGasCost)
        // The operator's view: the operation settled at its real cost, the deposit as the chain has it.
        expect(policy).toMatchObject({
          spentWei: receipt.actualGasCost.toString(),
          reservedWei: '0',
          operations: 1,
          paymasterDeposits: [
            { chainId: 31337, entryPoint: each.entryPoint, paymaster, depositWei: deposit.toString() },
          ],
        })
      })

    test('default: withdraw sends part of the deposit to an address', async () => {
      const to = privateKeyToAccount(generatePrivateKey()).address
      const before = BigInt((await status()).deposit.wei)
      const run = await cli().inProcess('withdraw', [
        '--to',
        to,
        '--amount',
        '0.25',
        '--private-key-file',
        chain.keyFile,
      ])
      expect(run.code, run.stderr).toBe(0)
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.25'))
      expect(BigInt(lastJson(run.stdout).deposit.wei)).toBe(before - parseEther('0.25'))
    })
  })

describe('sigil-server paymaster refusals', slow, () => {
  const cli = () => createPaymasterCli({ rpcUrl: chain.rpcUrl, dataDir: chain.dataDir, version: '0.7', env })

  test('error: a deposit without the deployer key, a bad amount or entry point fail with one clear line', async () => {
    const noKey = await cli().inProcess('deposit', ['--amount', '1', '--owner', chain.deployer])
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toMatch(/^sigil-server: paymaster deposit needs the deployer key/)
    const badAmount = await cli().inProcess('deposit', ['--amount', '1e18'], {
      SIGIL_DEPLOYER_KEY: chain.deployerKey,
    })
    expect(badAmount.code).toBe(1)
    expect(badAmount.stderr).toMatch(/--amount ETH is required/)
    const badKey = await cli().inProcess('deploy', [], { SIGIL_DEPLOYER_KEY: 'not-a-key-secret' })
    expect(badKey.code).toBe(1)
    expect(badKey.stderr).toMatch(/SIGIL_DEPLOYER_KEY: expected a 32-byte hex private key/)
    expect(badKey.stderr).not.toContain('not-a-key-secret')
    const badVersion = await captured(() =>
      paymasterCommand(['status', '--rpc', chain.rpcUrl, '--entry-point', '0.9', '--owner', chain.deployer]),
    )
    expect(badVersion.code).toBe(1)
    expect(badVersion.stderr).toMatch(/--entry-point must be 0\.6, 0\.7 or 0\.8/)
  })

  test('error: status on a chain without the EntryPoint says so', async () => {
    const deployment = getPaymasterDeployment({
      version: '0.7',
      owner: chain.deployer,
      signer: chain.deployer,
      entryPoint: target,
    })
    await expect(readPaymasterStatus(chain.publicClient, deployment)).rejects.toThrow(
      `EntryPoint v0.7 ${target} is not on this chain`,
    )
  })

  test('behavior: a stranger cannot withdraw (onlyOwner): the transaction reverts', async () => {
    const stranger = generatePrivateKey()
    await chain.client.setBalance({ address: privateKeyToAccount(stranger).address, value: parseEther('1') })
    const run = await cli().inProcess(
      'withdraw',
      ['--to', target, '--amount', '0.1', '--owner', chain.deployer],
      {
        SIGIL_DEPLOYER_KEY: stranger,
      },
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^sigil-server: /)
    expect(run.stderr).not.toContain(stranger.slice(2))
  })
})
