import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { SponsoredOperation } from './SponsoredOperation.js'

/**
 * What a policy judges about a user operation: its total gas (every gas limit added up) and its
 * maximum cost, the prefund the EntryPoint takes from the paymaster's deposit (it never charges more):
 * v0.6 `(callGasLimit + verificationGasLimit × 3 + preVerificationGas) × maxFeePerGas` (with a
 * paymaster the verification gas counts three times, reserved for `postOp`); v0.7/v0.8
 * `(verificationGasLimit + callGasLimit + paymasterVerificationGasLimit + paymasterPostOpGasLimit +
 * preVerificationGas) × maxFeePerGas`.
 *
 * @example
 * const operation = toSponsoredOperation(userOperation, { version: '0.7', chainId: 31337, entryPoint })
 */
export function toSponsoredOperation(
  op: UserOperation,
  { version, chainId, entryPoint }: { version: EntryPointVersion; chainId: number; entryPoint: Address },
): SponsoredOperation {
  const paymasterGas =
    version === '0.6' ? 0n : (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)
  const totalGas = op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + paymasterGas
  const chargedGas = version === '0.6' ? totalGas + 2n * op.verificationGasLimit : totalGas
  return {
    chainId,
    entryPoint,
    sender: op.sender,
    nonce: op.nonce,
    callData: op.callData,
    totalGas,
    maxCostWei: chargedGas * op.maxFeePerGas,
  }
}
