import type { Hash } from 'viem'
import type { SmartAccount, UserOperation } from 'viem/account-abstraction'
import type { SmartAccountClient } from './createSmartAccountClient.js'
import { estimateFeesPerGas } from './estimateFeesPerGas.js'
import type { UserOperationOverrides } from './smartAccountActions.js'

export type DropAndReplaceUserOperationParameters = {
  /** The pending operation as it was sent (`sendUserOperation`'s `request`). */
  uoToDrop: UserOperation
  /** Gas values for the replacement instead of the dropped operation's (fees are always re-priced). */
  overrides?: Omit<UserOperationOverrides, 'nonce' | 'maxFeePerGas' | 'maxPriorityFeePerGas'> | undefined
}

export type DropAndReplaceUserOperationReturnType = {
  /** The replacement's user-operation hash. */
  hash: Hash
  /** The replacement as signed and sent. */
  request: UserOperation
}

/** `value × 1.1`, rounded up: the smallest bump a bundler takes as a replacement. */
const bumpTenPercent = (value: bigint) => (value * 110n + 99n) / 100n
const max = (a: bigint, b: bigint) => (a > b ? a : b)

/**
 * Replaces a pending user operation (docs/account-kit.md#react `useDropAndReplaceUserOperation`): the
 * same sender, nonce, call data and deployment, signed again with fees of at least 110 % of the
 * dropped one's (each fee is the larger of today's estimate and the bumped old fee), so the bundler
 * drops the old one from its mempool. The dropped operation's gas limits are kept unless
 * `overrides` sets them; a sponsored client asks for sponsorship again.
 *
 * @example
 * const { request } = await sendUserOperation(client, { uo })
 * const { hash } = await dropAndReplaceUserOperation(client, { uoToDrop: request })
 */
export async function dropAndReplaceUserOperation(
  client: SmartAccountClient,
  { uoToDrop, overrides = {} }: DropAndReplaceUserOperationParameters,
): Promise<DropAndReplaceUserOperationReturnType> {
  const estimate = await estimateFeesPerGas(client.publicClient)
  const maxPriorityFeePerGas = max(
    estimate.maxPriorityFeePerGas,
    bumpTenPercent(uoToDrop.maxPriorityFeePerGas),
  )
  const maxFeePerGas = max(
    max(estimate.maxFeePerGas, bumpTenPercent(uoToDrop.maxFeePerGas)),
    maxPriorityFeePerGas,
  )
  const deployment =
    client.account.entryPoint.version === '0.6'
      ? uoToDrop.initCode && uoToDrop.initCode !== '0x'
        ? { initCode: uoToDrop.initCode }
        : {}
      : uoToDrop.factory && uoToDrop.factoryData
        ? { factory: uoToDrop.factory, factoryData: uoToDrop.factoryData }
        : {}

  let request: UserOperation | undefined
  // The account signs the replacement exactly as it is sent: that is the request to report.
  const account: SmartAccount = {
    ...client.account,
    signUserOperation: async (operation) => {
      const signature = await client.account.signUserOperation(operation)
      request = { ...operation, sender: client.account.address, signature } as UserOperation
      return signature
    },
  }
  const hash = await client.sendUserOperation({
    account,
    callData: uoToDrop.callData,
    nonce: uoToDrop.nonce,
    ...deployment,
    callGasLimit: overrides.callGasLimit ?? uoToDrop.callGasLimit,
    verificationGasLimit: overrides.verificationGasLimit ?? uoToDrop.verificationGasLimit,
    preVerificationGas: overrides.preVerificationGas ?? uoToDrop.preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
  } as never)
  return { hash, request: request! }
}
