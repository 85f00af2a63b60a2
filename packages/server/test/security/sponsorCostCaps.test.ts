import { paymasterArtifacts } from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import { createWalletClient, formatEther, type Hex, http, numberToHex } from 'viem'
import {
  createBundlerClient,
  formatUserOperation,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { entryPoints, toSimpleTestAccount } from '../../src/rpc/test/toSimpleTestAccount.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import { toSponsoredOperation } from '../../src/sponsor/toSponsoredOperation.js'
import { testAppOrigin } from '../../src/test/createTestServer.js'
import { startSponsorAttackTestbed } from './startSponsorAttackTestbed.js'

/**
 * Issue 15, "no fee ceiling": knowing only an app's origin, a caller got the policy to sign an operation
 * that did nothing with 2 000 000 preVerificationGas at 1 000 gwei, submitted it to the EntryPoint with
 * itself as beneficiary and collected 2.049 ETH of the paymaster's deposit. Here every such request goes
 * through the real listener with nothing but the app's `Origin`, against a real anvil + alto + EntryPoints
 * + Sigil paymasters; whatever the gateway signs is submitted the attacker's way, and the paymaster's
 * EntryPoint deposit is read before and after.
 */

const gwei = 1_000_000_000n
const attackFee = 1_000n * gwei
const attackPreVerificationGas = 2_000_000n

let bench: Awaited<ReturnType<typeof startSponsorAttackTestbed>>
let policyId: string

beforeAll(async () => {
  bench = await startSponsorAttackTestbed()
  // The demo's shape before issue 15: origin alone admits the caller, no budget, no caps of its own.
  policyId = (await policy({})).id
}, 120_000)
afterAll(async () => {
  await bench?.stop()
})

const policy = (limits: { maxCostWeiPerOperation?: bigint }) =>
  createSponsorPolicy(bench.server.store.db, {
    appId: bench.server.signerApp.appId,
    chainIds: [31337],
    audience: 'public',
    now: Date.now(),
    ...limits,
  })

const deposit = (version: EntryPointVersion) => bench.deposit(version)
const gateway = (method: string, params: unknown) => bench.gateway(method, params)

/** The attacker (v0.7), its operations at issue 15's gas and fees unless told otherwise. */
async function attacker() {
  const { account, operation, submit } = await bench.attacker('0.7')
  return {
    account,
    operation: (gas: Partial<UserOperation<'0.7'>> = {}) =>
      operation({
        callGasLimit: 50_000n,
        verificationGasLimit: 500_000n,
        preVerificationGas: attackPreVerificationGas,
        maxFeePerGas: attackFee,
        maxPriorityFeePerGas: attackFee,
        paymasterVerificationGasLimit: 100_000n,
        paymasterPostOpGasLimit: 0n,
        ...gas,
      }),
    /** Self-bundles; answers what the paymaster's deposit lost. */
    submit: async (userOperation: UserOperation, fields: Record<string, Hex>) =>
      (await submit(userOperation, fields)).drop,
  }
}

describe('sponsorship cost caps (issue 15: no fee ceiling)', () => {
  test('error: pm_getPaymasterData for 2 000 000 preVerificationGas at 1 000 gwei is refused; the deposit is unchanged', async ({
    annotate,
  }) => {
    const { operation, submit } = await attacker()
    const before = await deposit('0.7')
    const op = await operation()
    const answer = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest(op),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    const drained = answer.result ? await submit(op, answer.result) : 0n
    await annotate(`paymaster deposit change: ${formatEther(-drained)} ETH`)
    expect(answer.error).toEqual({
      code: -32501,
      message:
        "maxFeePerGas 1000000000000 wei is above the server's cap of 500000000000 wei for sponsored operations (SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI)",
    })
    expect(await deposit('0.7')).toBe(before)
  }, 60_000)

  test('error: the same through alchemy_requestGasAndPaymasterAndData overrides is refused, not clamped; the deposit is unchanged', async ({
    annotate,
  }) => {
    const { operation, submit } = await attacker()
    const before = await deposit('0.7')
    const op = await operation()
    const answer = await gateway('alchemy_requestGasAndPaymasterAndData', [
      {
        policyId,
        entryPoint: entryPoints['0.7'].address,
        userOperation: formatUserOperationRequest(op),
        dummySignature: op.signature,
        overrides: {
          preVerificationGas: numberToHex(attackPreVerificationGas),
          maxFeePerGas: numberToHex(attackFee),
          maxPriorityFeePerGas: numberToHex(attackFee),
        },
      },
    ])
    const drained = answer.result ? await submit(op, answer.result) : 0n
    await annotate(`paymaster deposit change: ${formatEther(-drained)} ETH`)
    expect(answer.error?.code).toBe(-32501)
    expect(answer.error?.message).toBe(
      "maxFeePerGas 1000000000000 wei is above the server's cap of 500000000000 wei for sponsored operations (SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI)",
    )
    expect(await deposit('0.7')).toBe(before)
  }, 60_000)

  test('error: fees under the absolute cap but past 2× the current estimate are refused, on both methods', async () => {
    const { operation } = await attacker()
    const before = await deposit('0.7')
    // 100 gwei: under the 500 gwei cap, far above 2× what the devnet's fees are now.
    const op = await operation({
      preVerificationGas: 60_000n,
      maxFeePerGas: 100n * gwei,
      maxPriorityFeePerGas: gwei,
    })
    const signed = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest(op),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    expect(signed.error?.code).toBe(-32501)
    expect(signed.error?.message).toMatch(
      /^maxFeePerGas 100000000000 wei is above \d+ wei, 2× the gateway's current fee estimate of \d+ wei on chain 31337 \(SIGIL_SPONSOR_MAX_FEE_MULTIPLIER\)$/,
    )
    const multiplied = await gateway('alchemy_requestGasAndPaymasterAndData', [
      {
        policyId,
        entryPoint: entryPoints['0.7'].address,
        userOperation: formatUserOperationRequest(op),
        dummySignature: op.signature,
        overrides: { maxFeePerGas: { multiplier: 3 } },
      },
    ])
    expect(multiplied.error?.message).toMatch(/2× the gateway's current fee estimate/)
    const inverted = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest({ ...op, maxFeePerGas: gwei, maxPriorityFeePerGas: 2n * gwei }),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    expect(inverted.error?.message).toBe(
      'maxPriorityFeePerGas 2000000000 wei is above maxFeePerGas 1000000000 wei; the paymaster does not sign such fees',
    )
    expect(await deposit('0.7')).toBe(before)
  }, 60_000)

  test('error: 2 000 000 preVerificationGas at the current fee is refused against the bundler estimate; the deposit is unchanged', async ({
    annotate,
  }) => {
    const { operation, submit } = await attacker()
    const before = await deposit('0.7')
    const fees = await bench.publicClient.estimateFeesPerGas()
    const op = await operation({
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    })
    const answer = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest(op),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    const drained = answer.result ? await submit(op, answer.result) : 0n
    await annotate(`paymaster deposit change: ${formatEther(-drained)} ETH`)
    expect(answer.error?.code).toBe(-32501)
    expect(answer.error?.message).toMatch(
      /^preVerificationGas 2000000 is above \d+: the bundler of chain 31337 estimates \d+ for this operation, and the paymaster signs at most that plus 10% and 5000 gas$/,
    )
    const overridden = await gateway('alchemy_requestGasAndPaymasterAndData', [
      {
        policyId,
        entryPoint: entryPoints['0.7'].address,
        userOperation: formatUserOperationRequest(op),
        dummySignature: op.signature,
        overrides: { preVerificationGas: numberToHex(attackPreVerificationGas) },
      },
    ])
    expect(overridden.error?.message).toMatch(/^preVerificationGas 2000000 is above \d+: the bundler/)
    expect(await deposit('0.7')).toBe(before)
  }, 60_000)

  test('error: an operation without gas (what stub data is for) gets no final signature', async () => {
    const { operation } = await attacker()
    const op = await operation({
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      paymasterVerificationGasLimit: 0n,
    })
    const answer = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest(op),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    expect(answer.error).toEqual({
      code: -32602,
      message:
        'paymaster data is signed for a final operation only: set its gas limits and fees (verificationGasLimit and maxFeePerGas are 0); pm_getPaymasterStubData answers for estimation',
    })
  }, 60_000)

  test("error: an operation the bundler cannot estimate gets no signature; the message carries the bundler's", async () => {
    const { operation } = await attacker()
    const fees = await bench.publicClient.estimateFeesPerGas()
    // No code at the sender and no factory to deploy it: the bundler's simulation fails (AA20).
    const op = await operation({
      sender: privateKeyToAccount(generatePrivateKey()).address,
      nonce: 0n,
      factory: undefined,
      factoryData: undefined,
      preVerificationGas: 60_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    })
    const answer = await gateway('pm_getPaymasterData', [
      formatUserOperationRequest(op),
      entryPoints['0.7'].address,
      '0x7a69',
      { policyId },
    ])
    expect(answer.error?.code).toBe(-32501)
    expect(answer.error?.message).toMatch(
      /^the bundler of chain 31337 could not estimate this operation \(.*AA20.*\), so the paymaster does not sign it$/,
    )
  }, 60_000)

  for (const version of ['0.6', '0.7', '0.8'] as const)
    test(`default: a legitimate v${version} operation (ERC-7677, origin only) lands through the bundler; the deposit drops by its real cost, within its worst case`, async ({
      annotate,
    }) => {
      const account = await toSimpleTestAccount({
        client: bench.publicClient,
        owner: privateKeyToAccount(generatePrivateKey()),
        version,
        factory: bench.factories[version],
      })
      const bundler = createBundlerClient({
        account,
        client: bench.publicClient,
        transport: http(`${bench.listener.url}/rpc/31337`, {
          fetchOptions: { headers: { origin: testAppOrigin } },
        }),
        paymaster: true,
        paymasterContext: { policyId },
        pollingInterval: 50,
      })
      const before = await deposit(version)
      const hash = await bundler.sendUserOperation({
        calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n, data: '0x' }],
      })
      const receipt = await bundler.waitForUserOperationReceipt({
        hash,
        pollingInterval: 50,
        timeout: 30_000,
      })
      expect(receipt.success).toBe(true)
      const { userOperation } = await bundler.getUserOperation({ hash })
      const { maxCostWei } = toSponsoredOperation(userOperation, {
        version,
        chainId: 31337,
        entryPoint: entryPoints[version].address,
      })
      const drop = before - (await deposit(version))
      await annotate(
        `v${version}: deposit dropped ${drop} wei (${formatEther(drop)} ETH); worst case ${maxCostWei} wei`,
      )
      expect(drop).toBe(receipt.actualGasCost)
      expect(drop).toBeGreaterThan(0n)
      expect(drop).toBeLessThanOrEqual(maxCostWei)
    }, 60_000)

  test('default: a legitimate operation through alchemy_requestGasAndPaymasterAndData with the client fee multipliers lands', async ({
    annotate,
  }) => {
    const { account } = await attacker()
    const bundler = createBundlerClient({
      client: bench.publicClient,
      transport: http(bench.devnet.bundlerUrl),
    })
    const { factory, factoryData } = await account.getFactoryArgs()
    const draft = {
      sender: account.address,
      nonce: await account.getNonce(),
      factory,
      factoryData,
      callData: await account.encodeCalls([{ to: '0x000000000000000000000000000000000000dEaD', value: 0n }]),
      signature: await account.getStubSignature(),
    }
    const before = await deposit('0.7')
    // @sigil/accounts' default fee options: maxFeePerGas × 1.5, maxPriorityFeePerGas × 1.05.
    const answer = await gateway('alchemy_requestGasAndPaymasterAndData', [
      {
        policyId,
        entryPoint: entryPoints['0.7'].address,
        userOperation: formatUserOperationRequest({
          ...draft,
          callGasLimit: 0n,
          verificationGasLimit: 0n,
          preVerificationGas: 0n,
          maxFeePerGas: 0n,
          maxPriorityFeePerGas: 0n,
        }),
        dummySignature: draft.signature,
        overrides: { maxFeePerGas: { multiplier: 1.5 }, maxPriorityFeePerGas: { multiplier: 1.05 } },
      },
    ])
    expect(answer.error).toBeUndefined()
    const userOperation = { ...draft, ...formatUserOperation(answer.result as never) } as UserOperation
    userOperation.signature = await account.signUserOperation(userOperation)
    const hash = (await bundler.request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest(userOperation), entryPoints['0.7'].address],
    })) as Hex
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    const { maxCostWei } = toSponsoredOperation(userOperation, {
      version: '0.7',
      chainId: 31337,
      entryPoint: entryPoints['0.7'].address,
    })
    const drop = before - (await deposit('0.7'))
    await annotate(`deposit dropped ${drop} wei; worst case ${maxCostWei} wei`)
    expect(drop).toBe(receipt.actualGasCost)
    expect(drop).toBeLessThanOrEqual(maxCostWei)
  }, 60_000)

  test("error: a policy's per-operation cap refuses an operation whose worst case is above it; the deposit is unchanged", async () => {
    const { id } = await policy({ maxCostWeiPerOperation: 10_000n * gwei })
    const account = await toSimpleTestAccount({
      client: bench.publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      version: '0.7',
      factory: bench.factories['0.7'],
    })
    const bundler = createBundlerClient({
      account,
      client: bench.publicClient,
      transport: http(`${bench.listener.url}/rpc/31337`, {
        fetchOptions: { headers: { origin: testAppOrigin } },
      }),
      paymaster: true,
      paymasterContext: { policyId: id },
      pollingInterval: 50,
    })
    const before = await deposit('0.7')
    await expect(
      bundler.sendUserOperation({ calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n }] }),
    ).rejects.toThrow(
      new RegExp(
        `Policy ${id} allows at most 10000000000000 wei per operation; this one may cost up to \\d+ wei`,
      ),
    )
    expect(await deposit('0.7')).toBe(before)
  }, 60_000)

  test("error: a paymaster whose EntryPoint deposit is below the operation's worst case refuses: the operator must top it up", async () => {
    const { abi } = paymasterArtifacts['0.7']
    const owner = createWalletClient({
      account: privateKeyToAccount(bench.devnet.paymasterOwner.privateKey),
      chain: anvil,
      transport: http(bench.devnet.rpcUrl),
    })
    const paymaster = bench.devnet.paymasters['0.7']
    const full = await deposit('0.7')
    const left = 1_000n * gwei // 0.000001 ETH: less than any operation's worst case
    await bench.publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({
        address: paymaster,
        abi,
        functionName: 'withdrawTo',
        args: [owner.account.address, full - left],
      }),
    })
    try {
      expect(await deposit('0.7')).toBe(left)
      const { operation } = await attacker()
      const fees = await bench.publicClient.estimateFeesPerGas()
      const op = await operation({
        preVerificationGas: 60_000n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      })
      const answer = await gateway('pm_getPaymasterData', [
        formatUserOperationRequest(op),
        entryPoints['0.7'].address,
        '0x7a69',
        { policyId },
      ])
      expect(answer.error?.code).toBe(-32501)
      expect(answer.error?.message).toMatch(
        new RegExp(
          `^The paymaster ${paymaster} has 1000000000000 wei deposited at EntryPoint ${entryPoints['0.7'].address} on chain 31337, less than this operation's worst-case cost of \\d+ wei: the operator must top up the paymaster's deposit$`,
        ),
      )
      expect(await deposit('0.7')).toBe(left)
    } finally {
      await bench.publicClient.waitForTransactionReceipt({
        hash: await owner.writeContract({
          address: paymaster,
          abi,
          functionName: 'deposit',
          value: full - left,
        }),
      })
    }
  }, 60_000)
})
