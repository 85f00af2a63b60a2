import type { EntryPointVersion } from '@sigil/protocol'
import type { UserOperation } from 'viem/account-abstraction'
import { parseParams } from '../gateway/parseParams.js'
import { userOperation06Schema, userOperation07Schema } from '../gateway/rpcSchemas.js'

/**
 * A client's user operation (hex fields) → viem's {@link UserOperation} for its EntryPoint version;
 * missing gas and fee fields read as 0. Throws `INVALID_PARAMS` naming the bad field (under `field`).
 *
 * @example
 * const userOperation = parseUserOperation(params[0], '0.7', '0')
 */
export function parseUserOperation(value: unknown, version: EntryPointVersion, field: string): UserOperation {
  const gas = (op: {
    callGasLimit?: bigint | undefined
    verificationGasLimit?: bigint | undefined
    preVerificationGas?: bigint | undefined
    maxFeePerGas?: bigint | undefined
    maxPriorityFeePerGas?: bigint | undefined
  }) => ({
    callGasLimit: op.callGasLimit ?? 0n,
    verificationGasLimit: op.verificationGasLimit ?? 0n,
    preVerificationGas: op.preVerificationGas ?? 0n,
    maxFeePerGas: op.maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: op.maxPriorityFeePerGas ?? 0n,
  })
  if (version === '0.6') {
    const op = parseParams(userOperation06Schema, value, field)
    return {
      sender: op.sender,
      nonce: op.nonce,
      initCode: op.initCode,
      callData: op.callData,
      ...gas(op),
      paymasterAndData: op.paymasterAndData ?? '0x',
      signature: op.signature ?? '0x',
    }
  }
  const op = parseParams(userOperation07Schema, value, field)
  return {
    sender: op.sender,
    nonce: op.nonce,
    ...(op.factory ? { factory: op.factory, factoryData: op.factoryData ?? '0x' } : {}),
    callData: op.callData,
    ...gas(op),
    paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? 0n,
    paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? 0n,
    signature: op.signature ?? '0x',
    ...(op.eip7702Auth ? { eip7702Auth: op.eip7702Auth } : {}),
  } as UserOperation
}
