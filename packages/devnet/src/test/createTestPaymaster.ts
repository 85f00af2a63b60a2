import { type EntryPointVersion, getPaymasterHash } from '@sigil/protocol'
import { type Address, concat, encodeAbiParameters, type Hex, type LocalAccount } from 'viem'
import type {
  GetPaymasterDataParameters,
  GetPaymasterDataReturnType,
  GetPaymasterStubDataReturnType,
} from 'viem/account-abstraction'

export type CreateTestPaymasterParameters = {
  entryPointVersion: EntryPointVersion
  paymaster: Address
  signer: LocalAccount
  /** Seconds since the epoch; 0 = no end. One hour from now by default. */
  validUntil?: number | undefined
  validAfter?: number | undefined
}

/** A well-formed 65-byte signature that recovers to no one (the SDK's dummy signature `D`, docs/account-kit.md#smart-accounts). */
export const dummySignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** The paymaster verification gas limit a test paymaster puts in (and signs over) for v0.7 / v0.8. */
const paymasterVerificationGasLimit = 100_000n

/**
 * For tests: viem paymaster actions (`getPaymasterStubData` / `getPaymasterData`) that sponsor through a Sigil
 * paymaster by signing in process with `signer` (what the gateway does with the vault's key).
 *
 * @example
 * const bundlerClient = createBundlerClient({ …, paymaster: createTestPaymaster({ entryPointVersion: '0.7', paymaster, signer }) })
 */
export function createTestPaymaster(parameters: CreateTestPaymasterParameters): {
  getPaymasterStubData(): Promise<GetPaymasterStubDataReturnType>
  getPaymasterData(parameters: GetPaymasterDataParameters): Promise<GetPaymasterDataReturnType>
} {
  const { entryPointVersion, paymaster, signer } = parameters
  const validUntil = parameters.validUntil ?? Math.floor(Date.now() / 1000) + 3600
  const validAfter = parameters.validAfter ?? 0
  const window = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
  const fields = (signature: Hex) =>
    entryPointVersion === '0.6'
      ? { paymasterAndData: concat([paymaster, window, signature]) }
      : {
          paymaster,
          paymasterData: concat([window, signature]),
          paymasterVerificationGasLimit,
          paymasterPostOpGasLimit: 0n,
        }
  return {
    async getPaymasterStubData() {
      return fields(dummySignature)
    },
    async getPaymasterData(userOperation) {
      const { callGasLimit, verificationGasLimit, preVerificationGas, maxFeePerGas, maxPriorityFeePerGas } =
        userOperation
      if (
        callGasLimit === undefined ||
        verificationGasLimit === undefined ||
        preVerificationGas === undefined ||
        maxFeePerGas === undefined ||
        maxPriorityFeePerGas === undefined
      )
        throw new Error('getPaymasterData needs the final gas values')
      const hash = getPaymasterHash({
        entryPointVersion,
        paymaster,
        chainId: userOperation.chainId,
        validUntil,
        validAfter,
        userOperation: {
          ...userOperation,
          callGasLimit,
          verificationGasLimit,
          preVerificationGas,
          maxFeePerGas,
          maxPriorityFeePerGas,
          paymasterVerificationGasLimit,
          paymasterPostOpGasLimit: 0n,
        },
      })
      return fields(await signer.signMessage({ message: { raw: hash } }))
    },
  }
}
