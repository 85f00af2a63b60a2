import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError, rpcErrorCodes } from '../gateway/RpcError.js'
import { assertFeeCaps } from './assertFeeCaps.js'
import { estimateSponsoredGas, type SponsoredGasEstimate } from './estimateSponsoredGas.js'
import { gasLimitMargin, maxGasLimits, minPaymasterVerificationGasLimit } from './maxGasLimits.js'
import { maxPreVerificationGas, preVerificationGasMargin } from './maxPreVerificationGas.js'
import { type FeeEstimate, readFeeEstimate } from './readFeeEstimate.js'
import { readPaymasterDeposit } from './readPaymasterDeposit.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

export type OperationCostCheck = {
  /** The chain's latest block number as the check saw it (where to look for the operation's inclusion later). */
  fromBlock: bigint | undefined
}

/** Estimates the caller already holds for this operation (`alchemy_requestGasAndPaymasterAndData`): not asked again. */
export type OperationCostEstimates = {
  fees?: FeeEstimate | undefined
  gas?: SponsoredGasEstimate | undefined
}

const refuse = (message: string, data?: unknown) => new RpcError('POLICY_REFUSED', message, { data })

/**
 * Refuses an operation whose worst-case cost the server will not sign for: fees above the server's caps
 * (a multiple of the current estimate, and an absolute cap; the priority fee a multiple of the node's),
 * gas limits adding up to more than the latest block's gas limit, `preVerificationGas` or any gas limit
 * above the bundler's estimate for it plus the stated margin (`maxGasLimits`: an unused call or post-op
 * limit is charged to the paymaster), a worst case above the policy's per-operation cap, or above the
 * paymaster's EntryPoint deposit. An operation without gas limits or fees (what stub data is asked for)
 * is not final and is refused. The fee estimate and the deposit are read in parallel; the bundler is asked
 * only when those checks pass and no estimate is given. Answers the block the fee estimate was read at.
 *
 * @example
 * const { fromBlock } = await assertOperationCost(request, { policy, operation, userOperation, version, entryPoint, paymaster })
 */
export async function assertOperationCost(
  request: GatewayRequest,
  parameters: {
    policy: SponsorPolicy
    operation: SponsoredOperation
    userOperation: UserOperation
    version: EntryPointVersion
    entryPoint: Address
    paymaster: Address
    estimates?: OperationCostEstimates | undefined
  },
): Promise<OperationCostCheck> {
  const { policy, operation, userOperation, version, entryPoint, paymaster, estimates = {} } = parameters
  const { ctx, chain } = request
  if (userOperation.verificationGasLimit === 0n || userOperation.maxFeePerGas === 0n)
    throw new RpcError(
      'INVALID_PARAMS',
      'paymaster data is signed for a final operation only: set its gas limits and fees (verificationGasLimit and maxFeePerGas are 0); pm_getPaymasterStubData answers for estimation',
    )
  if (policy.maxCostWeiPerOperation !== null && operation.maxCostWei > policy.maxCostWeiPerOperation)
    throw refuse(
      `Policy ${policy.id} allows at most ${policy.maxCostWeiPerOperation} wei per operation; this one may cost up to ${operation.maxCostWei} wei`,
    )
  const label = `node of chain ${chain.id}`
  const [cachedFees, deposit] = await Promise.all([
    estimates.fees ?? readFeeEstimate(request),
    readPaymasterDeposit({ rpcUrl: chain.rpcUrl, entryPoint, paymaster, label, logger: ctx.logger }),
  ])
  const fees = await assertFeesWithinCaps(request, userOperation, cachedFees, !estimates.fees)
  if (operation.totalGas > fees.blockGasLimit)
    throw refuse(
      `this operation's gas limits add up to ${operation.totalGas} gas, more than a block of chain ${chain.id} holds (${fees.blockGasLimit} gas): no block can include it`,
    )
  if (deposit < operation.maxCostWei)
    throw refuse(
      `The paymaster ${paymaster} has ${deposit} wei deposited at EntryPoint ${entryPoint} on chain ${chain.id}, less than this operation's worst-case cost of ${operation.maxCostWei} wei: the operator must top up the paymaster's deposit`,
    )
  const gas =
    estimates.gas ?? (await estimateOrRefuse(request, { userOperation, version, entryPoint, paymaster }))
  const allowed = maxPreVerificationGas(gas.preVerificationGas)
  if (userOperation.preVerificationGas > allowed)
    throw refuse(
      `preVerificationGas ${userOperation.preVerificationGas} is above ${allowed}: the bundler of chain ${chain.id} estimates ${gas.preVerificationGas} for this operation, and the paymaster signs at most that plus ${preVerificationGasMargin.percent}% and ${preVerificationGasMargin.gas} gas`,
    )
  for (const [field, max] of Object.entries(maxGasLimits(gas, version)) as [keyof typeof gas, bigint][]) {
    const value = userOperation[field] ?? 0n
    if (value <= max) continue
    const floor =
      field === 'paymasterVerificationGasLimit' ? ` (at least ${minPaymasterVerificationGasLimit})` : ''
    throw refuse(
      `${field} ${value} is above ${max}: the bundler of chain ${chain.id} estimates ${gas[field] ?? 0n} for this operation, and the paymaster signs at most that plus ${gasLimitMargin.percent}% and ${gasLimitMargin.gas} gas${floor}`,
    )
  }
  return { fromBlock: fees.blockNumber }
}

/**
 * The fee caps against `fees`; when a reading the cache kept refuses only for being above the multiple of
 * the estimate, the node is read again first (fees may have risen since: a refusal costs one fresh
 * reading, a burst of operations that pass none). Answers the estimate the fees passed against.
 */
async function assertFeesWithinCaps(
  request: GatewayRequest,
  { maxFeePerGas, maxPriorityFeePerGas }: UserOperation,
  fees: FeeEstimate,
  mayRefresh: boolean,
): Promise<FeeEstimate> {
  const { ctx, chain } = request
  const check = (estimate: FeeEstimate) =>
    assertFeeCaps({
      maxFeePerGas,
      maxPriorityFeePerGas,
      estimate,
      maxFeeMultiplier: ctx.config.sponsorMaxFeeMultiplier,
      maxPriorityFeeMultiplier: ctx.config.sponsorMaxPriorityFeeMultiplier,
      maxFeePerGasWei: ctx.config.sponsorMaxFeePerGasWei,
      chainId: chain.id,
    })
  try {
    check(fees)
    return fees
  } catch (error) {
    const onlyRelative =
      maxPriorityFeePerGas <= maxFeePerGas && maxFeePerGas <= ctx.config.sponsorMaxFeePerGasWei
    if (!mayRefresh || !onlyRelative) throw error
    const fresh = await readFeeEstimate(request, { fresh: true })
    check(fresh)
    return fresh
  }
}

/** The bundler's estimate, or a refusal that says the paymaster signs only what the bundler can estimate. */
async function estimateOrRefuse(
  request: GatewayRequest,
  parameters: Parameters<typeof estimateSponsoredGas>[1],
): Promise<SponsoredGasEstimate> {
  try {
    return await estimateSponsoredGas(request, parameters)
  } catch (error) {
    // No bundler configured, or none answering, is said as such; an answer that is an error is a refusal.
    if (
      !(error instanceof RpcError) ||
      error.code === rpcErrorCodes.INVALID_PARAMS ||
      error.code === rpcErrorCodes.UPSTREAM_UNAVAILABLE
    )
      throw error
    const { chain } = request
    throw refuse(
      `the bundler of chain ${chain.id} could not estimate this operation (${error.shortMessage}), so the paymaster does not sign it`,
      { code: error.code, message: error.shortMessage, data: error.data },
    )
  }
}
