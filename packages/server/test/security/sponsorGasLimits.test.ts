import type { EntryPointVersion } from '@sigil/protocol'
import { formatEther, type Hex, hexToBigInt, numberToHex } from 'viem'
import { formatUserOperation, formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { entryPoints } from '../../src/rpc/test/toSimpleTestAccount.js'
import { maxPriorityFeeCap } from '../../src/sponsor/assertFeeCaps.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import type { SponsoredGasEstimate } from '../../src/sponsor/estimateSponsoredGas.js'
import { maxGasLimits } from '../../src/sponsor/maxGasLimits.js'
import { maxPreVerificationGas } from '../../src/sponsor/maxPreVerificationGas.js'
import { readPolicySpending } from '../../src/sponsor/readPolicySpending.js'
import type { SponsorPolicy } from '../../src/sponsor/SponsorPolicy.js'
import { startSponsorAttackTestbed } from './startSponsorAttackTestbed.js'

/**
 * Issue 29, attacks 1, 2 (its block-gas-limit half) and 5, replayed through the real listener against anvil,
 * the EntryPoints, alto and the Sigil paymasters, with nothing but the app's `Origin` (a `public` policy).
 * What the gateway signs is self-bundled the attacker's way (`handleOps` with its own beneficiary), and the
 * paymaster's deposit and the policy's budget are read before and after. The bounds asserted are the ones
 * `docs/sponsorship.md` states ("What an operation can still overpay").
 */

const gwei = 1_000_000_000n
let bench: Awaited<ReturnType<typeof startSponsorAttackTestbed>>
/** A public policy with a budget and a `--max-gas` above the block gas limit: the chain's limit is what is tested. */
let policy: SponsorPolicy

beforeAll(async () => {
  bench = await startSponsorAttackTestbed()
  policy = await createSponsorPolicy(bench.server.store.db, {
    appId: bench.server.signerApp.appId,
    chainIds: [31337],
    audience: 'public',
    budgetWei: 10n ** 19n,
    maxGasPerOperation: 10n ** 12n,
    now: Date.now(),
  })
}, 120_000)
afterAll(async () => {
  await bench?.stop()
})

const node = async <result>(method: string, params: unknown[] = []) => {
  const response = await fetch(bench.devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: result }).result
}

/** The latest block's base fee and the node's priority-fee estimate: what the gateway's fee estimate reads. */
async function chainFees() {
  const [block, priority] = await Promise.all([
    node<{ baseFeePerGas: Hex; gasLimit: Hex }>('eth_getBlockByNumber', ['latest', false]),
    node<Hex>('eth_maxPriorityFeePerGas'),
  ])
  const baseFee = hexToBigInt(block.baseFeePerGas)
  const priorityFee = hexToBigInt(priority)
  return {
    baseFee,
    priorityFee,
    blockGasLimit: hexToBigInt(block.gasLimit),
    estimate: (baseFee * 3n) / 2n + priorityFee,
  }
}

/** The attacker's paymaster request for `op` through the listener (ERC-7677, the public policy). */
const paymasterData = (op: UserOperation, version: EntryPointVersion) =>
  bench.gateway('pm_getPaymasterData', [
    formatUserOperationRequest(op),
    entryPoints[version].address,
    '0x7a69',
    { policyId: policy.id },
  ])

/**
 * What an honest client does before asking for paymaster data (viem's ERC-7677 flow): stub data from the
 * gateway, then the bundler's estimate through the gateway for the operation carrying it.
 */
async function estimate(op: UserOperation, version: EntryPointVersion): Promise<SponsoredGasEstimate> {
  const stub = await bench.gateway('pm_getPaymasterStubData', [
    formatUserOperationRequest(op),
    entryPoints[version].address,
    '0x7a69',
    { policyId: policy.id },
  ])
  expect(stub.error).toBeUndefined()
  const draft = { ...op, ...formatUserOperation(stub.result as never) } as UserOperation
  const answer = await bench.gateway('eth_estimateUserOperationGas', [
    formatUserOperationRequest(draft),
    entryPoints[version].address,
  ])
  expect(answer.error).toBeUndefined()
  const gas = answer.result as Record<string, Hex | undefined>
  const read = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value))
  return {
    callGasLimit: hexToBigInt(gas.callGasLimit!),
    verificationGasLimit: hexToBigInt(gas.verificationGasLimit!),
    preVerificationGas: hexToBigInt(gas.preVerificationGas!),
    paymasterVerificationGasLimit: read(gas.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: read(gas.paymasterPostOpGasLimit),
  }
}

const unestimated = {
  callGasLimit: 0n,
  verificationGasLimit: 0n,
  preVerificationGas: 0n,
  paymasterVerificationGasLimit: 0n,
  paymasterPostOpGasLimit: 0n,
}

/** A fresh attacker's do-nothing operation at `fees`, its limits at the bundler's estimate (`gas` overrides). */
async function estimatedOperation(
  version: EntryPointVersion,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
) {
  const attacker = await bench.attacker(version)
  const draft = await attacker.operation({ ...unestimated, ...fees })
  const gas = await estimate(draft, version)
  const honest = {
    ...draft,
    ...gas,
    paymasterVerificationGasLimit: gas.paymasterVerificationGasLimit ?? 0n,
    paymasterPostOpGasLimit: gas.paymasterPostOpGasLimit ?? 0n,
  } as UserOperation
  return { ...attacker, draft, gas, honest }
}

describe('sponsorship gas limits (issue 29: the unused-gas penalty, the block gas limit, the priority fee)', () => {
  for (const version of ['0.7', '0.8'] as const)
    test(`behavior: v${version} limits at the largest the gateway signs, self-bundled, cost the paymaster at most the stated bound above an honest operation`, async ({
      annotate,
    }) => {
      const { estimate: maxFeePerGas, priorityFee: maxPriorityFeePerGas } = await chainFees()
      const fees = { maxFeePerGas, maxPriorityFeePerGas }
      // The honest operation: every limit at the bundler's estimate.
      const honest = await estimatedOperation(version, fees)
      const honestAnswer = await paymasterData(honest.honest, version)
      expect(honestAnswer.error).toBeUndefined()
      const baseline = await honest.submit(honest.honest, honestAnswer.result!)
      // The attacker's: the same operation, every limit and preVerificationGas at the gateway's ceiling.
      const inflated = await estimatedOperation(version, fees)
      const ceilings = maxGasLimits(inflated.gas, version)
      const op = {
        ...inflated.honest,
        ...ceilings,
        preVerificationGas: maxPreVerificationGas(inflated.gas.preVerificationGas),
      } as UserOperation
      // One gas more on any limit is refused: these are the largest limits the gateway signs.
      for (const field of Object.keys(ceilings) as (keyof typeof ceilings)[]) {
        const over = await paymasterData({ ...op, [field]: op[field]! + 1n } as UserOperation, version)
        expect(over.error?.message).toMatch(
          new RegExp(`^${field} ${op[field]! + 1n} is above ${op[field]}: `),
        )
      }
      const answer = await paymasterData(op, version)
      expect(answer.error).toBeUndefined()
      const taken = await inflated.submit(op, answer.result!)
      expect(baseline.charged.success && taken.charged.success).toBe(true)
      expect(baseline.drop).toBe(baseline.charged.actualGasCost)
      expect(taken.drop).toBe(taken.charged.actualGasCost)
      // The bound (docs/sponsorship.md): the preVerificationGas margin in full, plus 10% of the call margin
      // and, on v0.7, of the post-op margin; v0.8 charges unused call gas only past 40 000 gas.
      const margin = (field: 'callGasLimit' | 'paymasterPostOpGasLimit') =>
        ceilings[field]! - (inflated.gas[field] ?? 0n)
      const penalised =
        version === '0.7'
          ? margin('callGasLimit') + margin('paymasterPostOpGasLimit')
          : margin('callGasLimit') + 40_000n
      // Two fresh accounts of one factory run the same operation within a few dozen gas of each other.
      const executionNoise = 1_000n
      const boundGas =
        op.preVerificationGas - inflated.gas.preVerificationGas + penalised / 10n + executionNoise
      const price = taken.charged.actualGasCost / taken.charged.actualGasUsed
      const extraGas = taken.charged.actualGasUsed - baseline.charged.actualGasUsed
      await annotate(
        `v${version}: honest drop ${baseline.drop} wei (${baseline.charged.actualGasUsed} gas), inflated drop ${taken.drop} wei (${taken.charged.actualGasUsed} gas): ${extraGas} gas more, bound ${boundGas} gas; preVerificationGas ${op.preVerificationGas} (estimate ${inflated.gas.preVerificationGas}), callGasLimit ${op.callGasLimit} (estimate ${inflated.gas.callGasLimit}), paymasterPostOpGasLimit ${op.paymasterPostOpGasLimit} (estimate ${inflated.gas.paymasterPostOpGasLimit})`,
      )
      expect(extraGas).toBeLessThanOrEqual(boundGas)
      expect(taken.drop).toBeLessThanOrEqual((baseline.charged.actualGasUsed + boundGas) * price)
    }, 90_000)

  test("error: the issue's callGasLimit and paymasterPostOpGasLimit of 12 000 000 are refused, on both methods; the deposit is unchanged", async ({
    annotate,
  }) => {
    const { estimate: maxFeePerGas, priorityFee: maxPriorityFeePerGas } = await chainFees()
    const { honest, gas, submit } = await estimatedOperation('0.7', { maxFeePerGas, maxPriorityFeePerGas })
    const before = await bench.deposit('0.7')
    const op = { ...honest, callGasLimit: 12_000_000n, paymasterPostOpGasLimit: 12_000_000n } as UserOperation
    const answer = await paymasterData(op, '0.7')
    const drained = answer.result ? (await submit(op, answer.result)).drop : 0n
    await annotate(`paymaster deposit change: ${formatEther(-drained)} ETH`)
    expect(answer.error?.code).toBe(-32501)
    expect(answer.error?.message).toBe(
      `callGasLimit 12000000 is above ${maxGasLimits(gas, '0.7').callGasLimit}: the bundler of chain 31337 estimates ${gas.callGasLimit} for this operation, and the paymaster signs at most that plus 50% and 20000 gas`,
    )
    const postOp = await paymasterData(
      { ...honest, paymasterPostOpGasLimit: 12_000_000n } as UserOperation,
      '0.7',
    )
    expect(postOp.error?.message).toMatch(
      /^paymasterPostOpGasLimit 12000000 is above \d+: the bundler of chain 31337 estimates \d+ for this operation, and the paymaster signs at most that plus 50% and 20000 gas$/,
    )
    const verification = await paymasterData(
      { ...honest, verificationGasLimit: 12_000_000n } as UserOperation,
      '0.7',
    )
    expect(verification.error?.message).toMatch(/^verificationGasLimit 12000000 is above \d+: the bundler/)
    const overridden = await bench.gateway('alchemy_requestGasAndPaymasterAndData', [
      {
        policyId: policy.id,
        entryPoint: entryPoints['0.7'].address,
        userOperation: formatUserOperationRequest({
          ...honest,
          ...unestimated,
          maxFeePerGas: 0n,
          maxPriorityFeePerGas: 0n,
        } as UserOperation),
        dummySignature: honest.signature,
        overrides: {
          callGasLimit: numberToHex(12_000_000n),
          paymasterPostOpGasLimit: numberToHex(12_000_000n),
        },
      },
    ])
    expect(overridden.error?.message).toMatch(/^callGasLimit 12000000 is above \d+: the bundler/)
    expect(await bench.deposit('0.7')).toBe(before)
  }, 90_000)

  test('error: callGasLimit 510 502 993 (past the block gas limit) is refused and reserves nothing', async ({
    annotate,
  }) => {
    const { estimate: maxFeePerGas, priorityFee: maxPriorityFeePerGas, blockGasLimit } = await chainFees()
    const { honest } = await estimatedOperation('0.7', { maxFeePerGas, maxPriorityFeePerGas })
    const before = await readPolicySpending(bench.server.store.db, policy, Date.now())
    const op = { ...honest, callGasLimit: 510_502_993n } as UserOperation
    const answer = await paymasterData(op, '0.7')
    const after = await readPolicySpending(bench.server.store.db, policy, Date.now())
    await annotate(
      `reserved ${before.reservedWei} → ${after.reservedWei} wei; remaining ${before.remainingWei} → ${after.remainingWei} wei`,
    )
    expect(answer.error?.code).toBe(-32501)
    expect(answer.error?.message).toMatch(
      new RegExp(
        `^this operation's gas limits add up to \\d+ gas, more than a block of chain 31337 holds \\(${blockGasLimit} gas\\): no block can include it$`,
      ),
    )
    expect(after).toEqual(before)
  }, 90_000)

  test('error: a priority fee at the maxFeePerGas cap is refused; at the priority cap, a bundle at base fee + 1 wei takes at most that cap per gas', async ({
    annotate,
  }) => {
    // A base fee well above the priority fee (a busy chain), so that the maxFeePerGas cap is far above
    // the priority-fee cap: 20 gwei in the next block, mined.
    await node('anvil_setNextBlockBaseFeePerGas', [numberToHex(20n * gwei)])
    await node('evm_mine')
    const { baseFee, priorityFee, estimate: feeEstimate } = await chainFees()
    const maxFeePerGas = 2n * feeEstimate
    const priorityCap = maxPriorityFeeCap(priorityFee, 2)
    const { honest, submit } = await estimatedOperation('0.7', {
      maxFeePerGas,
      maxPriorityFeePerGas: priorityCap,
    })
    // The bundle pays the chain the base fee + 1 wei; the base fee only falls in the blocks that follow.
    const bundleFees = { maxFeePerGas: baseFee + 1n, maxPriorityFeePerGas: 1n }
    const attack = { ...honest, maxPriorityFeePerGas: maxFeePerGas } as UserOperation
    const before = await bench.deposit('0.7')
    const refused = await paymasterData(attack, '0.7')
    if (refused.result) {
      const taken = await submit(attack, refused.result, bundleFees)
      await annotate(
        `priority fee ${maxFeePerGas} wei signed: the bundler took ${taken.profit} wei (${formatEther(taken.profit)} ETH), deposit −${taken.drop} wei`,
      )
    }
    expect(refused.error?.code).toBe(-32501)
    expect(refused.error?.message).toBe(
      `maxPriorityFeePerGas ${maxFeePerGas} wei is above ${priorityCap} wei, 2× the node's priority-fee estimate of ${priorityFee} wei on chain 31337 (at least 100000000 wei; SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER)`,
    )
    expect(await bench.deposit('0.7')).toBe(before)
    // At the cap it is signed; self-bundled at the base fee + 1 wei, the paymaster pays the block's base fee
    // plus at most the cap per gas it is charged.
    const answer = await paymasterData(honest, '0.7')
    expect(answer.error).toBeUndefined()
    const taken = await submit(honest, answer.result!, bundleFees)
    const block = await bench.publicClient.getBlock({ blockNumber: taken.receipt.blockNumber })
    await annotate(
      `base fee ${block.baseFeePerGas} wei, priority cap ${priorityCap} wei: deposit −${taken.drop} wei for ${taken.charged.actualGasUsed} gas; the bundler took ${taken.profit} wei (${formatEther(taken.profit)} ETH), the chain ${taken.receipt.gasUsed * taken.receipt.effectiveGasPrice} wei`,
    )
    expect(taken.charged.success).toBe(true)
    expect(taken.drop).toBe(taken.charged.actualGasCost)
    expect(taken.drop).toBeLessThanOrEqual(taken.charged.actualGasUsed * (block.baseFeePerGas! + priorityCap))
  }, 90_000)
})
