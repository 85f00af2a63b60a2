import { type Address, type Client, type Hex, numberToHex } from 'viem'
import {
  type EntryPointVersion,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction'
import type { FeeOptions } from './applyFeeOption.js'

export type RequestGasAndPaymasterAndDataParameters = {
  policyId: string | string[]
  entryPointAddress: Address
  entryPointVersion: EntryPointVersion
  /** The operation so far: sender, nonce, factory / init code, call data, and any values set by the caller. */
  userOperation: Partial<UserOperation> & { sender: Address; signature: Hex }
  feeOptions?: FeeOptions | undefined
}

/** What the gateway answers: gas and fees, plus v0.6 `paymasterAndData` or v0.7 `paymaster*` fields. */
export type RequestGasAndPaymasterAndDataReturnType = {
  callGasLimit: bigint
  preVerificationGas: bigint
  verificationGasLimit: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterAndData?: Hex | undefined
  paymaster?: Address | undefined
  paymasterData?: Hex | undefined
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
}

type RpcAnswer = Record<keyof RequestGasAndPaymasterAndDataReturnType, Hex | undefined>

const overrideFields = [
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
] as const
const paymasterGasFields = ['paymasterVerificationGasLimit', 'paymasterPostOpGasLimit'] as const

/**
 * Sponsorship in one call (docs/protocol.md#gateway-methods): `alchemy_requestGasAndPaymasterAndData` with
 * `[{ policyId, entryPoint, userOperation, dummySignature, overrides }]`. Each override is the value
 * the caller set (absolute hex), else the client's `{ multiplier }` fee option. The answer fills gas,
 * fees and paymaster fields, so no separate estimation runs.
 *
 * @example
 * const fields = await requestGasAndPaymasterAndData(client, { policyId, entryPointAddress, userOperation })
 */
export async function requestGasAndPaymasterAndData(
  client: Pick<Client, 'request'>,
  {
    policyId,
    entryPointAddress,
    entryPointVersion,
    userOperation,
    feeOptions = {},
  }: RequestGasAndPaymasterAndDataParameters,
): Promise<RequestGasAndPaymasterAndDataReturnType> {
  const fields = entryPointVersion === '0.6' ? overrideFields : [...overrideFields, ...paymasterGasFields]
  const overrides: Record<string, Hex | { multiplier: number }> = {}
  for (const field of fields) {
    const value = userOperation[field]
    const multiplier = feeOptions[field]?.multiplier
    if (typeof value === 'bigint' && value > 0n) overrides[field] = numberToHex(value)
    else if (multiplier !== undefined) overrides[field] = { multiplier }
  }
  const { signature, ...rest } = userOperation
  const operation = formatUserOperationRequest({
    ...rest,
    callGasLimit: rest.callGasLimit ?? 0n,
    verificationGasLimit: rest.verificationGasLimit ?? 0n,
    preVerificationGas: rest.preVerificationGas ?? 0n,
    maxFeePerGas: rest.maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: rest.maxPriorityFeePerGas ?? 0n,
    signature,
  })
  const answer = (await client.request({
    method: 'alchemy_requestGasAndPaymasterAndData',
    params: [
      {
        policyId,
        entryPoint: entryPointAddress,
        userOperation: operation,
        dummySignature: signature,
        overrides,
      },
    ],
  } as never)) as RpcAnswer
  const toBigInt = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value))
  return {
    callGasLimit: BigInt(answer.callGasLimit ?? 0),
    preVerificationGas: BigInt(answer.preVerificationGas ?? 0),
    verificationGasLimit: BigInt(answer.verificationGasLimit ?? 0),
    maxFeePerGas: BigInt(answer.maxFeePerGas ?? 0),
    maxPriorityFeePerGas: BigInt(answer.maxPriorityFeePerGas ?? 0),
    ...(answer.paymasterAndData !== undefined ? { paymasterAndData: answer.paymasterAndData } : {}),
    ...(answer.paymaster !== undefined
      ? {
          paymaster: answer.paymaster as Address,
          paymasterData: answer.paymasterData ?? '0x',
          paymasterVerificationGasLimit: toBigInt(answer.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: toBigInt(answer.paymasterPostOpGasLimit),
        }
      : {}),
  }
}
