import type { Address, Hex } from 'viem'
import { z } from 'zod'

/** JSON-RPC 2.0 request object (one element of a batch). */
export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(200),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type RpcRequest = z.output<typeof rpcRequestSchema>

export const hexSchema = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
  .transform((value) => value as Hex)
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (20 bytes)')
  .transform((value) => value as Address)
/** A hex quantity (`0x0`, `0x1a`; `0x` reads as 0); at most 256 bits. */
export const quantitySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{0,64}$/, 'must be a hex quantity')
  .transform((value) => (value === '0x' ? 0n : BigInt(value)))

/** A gas or fee quantity: at most 128 bits (v0.7 packs two in a word; larger is never real). */
export const gasQuantitySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{0,32}$/, 'must be a hex quantity of at most 128 bits')
  .transform((value) => (value === '0x' ? 0n : BigInt(value)))

const gasFields = {
  callGasLimit: gasQuantitySchema.optional(),
  verificationGasLimit: gasQuantitySchema.optional(),
  preVerificationGas: gasQuantitySchema.optional(),
  maxFeePerGas: gasQuantitySchema.optional(),
  maxPriorityFeePerGas: gasQuantitySchema.optional(),
}

/** A v0.6 user operation as clients send it (gas fields may be missing or `0x0` before estimation). */
export const userOperation06Schema = z.object({
  sender: addressSchema,
  nonce: quantitySchema,
  initCode: hexSchema.default('0x'),
  callData: hexSchema,
  ...gasFields,
  paymasterAndData: hexSchema.optional(),
  signature: hexSchema.optional(),
})

/**
 * A v0.7/v0.8 `factory`: an address, or v0.8's EIP-7702 marker in the short form viem writes (`0x7702`; the
 * EntryPoint only compares the init code's first 20 bytes, zero-padded, with the marker). Kept as sent: the
 * paymaster hash covers the init code as the bundler will submit it.
 */
const factorySchema = z
  .string()
  .regex(/^0x([0-9a-fA-F]{40}|7702)$/, 'must be a 0x address (20 bytes) or the EIP-7702 marker 0x7702')
  .transform((value) => value as Address)

/** A v0.7/v0.8 user operation as clients send it. */
export const userOperation07Schema = z.object({
  sender: addressSchema,
  nonce: quantitySchema,
  factory: factorySchema.nullish(),
  factoryData: hexSchema.nullish(),
  callData: hexSchema,
  ...gasFields,
  paymaster: addressSchema.nullish(),
  paymasterVerificationGasLimit: gasQuantitySchema.nullish(),
  paymasterPostOpGasLimit: gasQuantitySchema.nullish(),
  paymasterData: hexSchema.nullish(),
  signature: hexSchema.optional(),
  /** EIP-7702 authorization (v0.8); passed to the bundler as given. */
  eip7702Auth: z.record(z.string(), z.unknown()).nullish(),
})

/** ERC-7677 context: which sponsorship policy pays. */
export const paymasterContextSchema = z.object({ policyId: z.string().min(1).max(200) })

/** `pm_getPaymasterStubData` / `pm_getPaymasterData` params: `[userOp, entryPoint, chainIdHex, { policyId }]`. */
export const paymasterParamsSchema = z.tuple([
  z.record(z.string(), z.unknown()),
  addressSchema,
  z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be the chain id in hex'),
  paymasterContextSchema,
])

const multiplierSchema = z.object({ multiplier: z.number().positive().max(100) })
/** An override: an absolute hex value, or a multiplier of the estimate. */
export const gasOverrideSchema = z.union([gasQuantitySchema, multiplierSchema])
export type GasOverride = z.output<typeof gasOverrideSchema>

/** `alchemy_requestGasAndPaymasterAndData` params (docs/protocol.md#gateway-methods). */
export const requestGasAndPaymasterParamsSchema = z.tuple([
  z.object({
    policyId: z.string().min(1).max(200),
    entryPoint: addressSchema,
    userOperation: z.record(z.string(), z.unknown()),
    dummySignature: hexSchema,
    overrides: z
      .object({
        maxFeePerGas: gasOverrideSchema,
        maxPriorityFeePerGas: gasOverrideSchema,
        callGasLimit: gasOverrideSchema,
        verificationGasLimit: gasOverrideSchema,
        preVerificationGas: gasOverrideSchema,
        paymasterVerificationGasLimit: gasOverrideSchema,
        paymasterPostOpGasLimit: gasOverrideSchema,
      })
      .partial()
      .optional(),
  }),
])
