import { z } from 'zod'
import { RpcError } from '../../gateway/RpcError.js'

const serializedTransactionRequired =
  'serializedTransaction is required: the base64 wire transaction to sponsor'
const policyIdRequired = 'policyId is required: the id of the Solana fee payer policy'

const requestSchema = z.object({
  policyId: z.string({ error: policyIdRequired }).min(1, policyIdRequired).max(200, 'policyId is too long'),
  serializedTransaction: z
    .string({ error: serializedTransactionRequired })
    .min(1, serializedTransactionRequired)
    .max(4096, 'serializedTransaction is too long for a Solana transaction'),
})

export type FeePayerParams = z.output<typeof requestSchema>

/**
 * `alchemy_requestFeePayer` params: `[{ policyId, serializedTransaction }]` (or the object alone).
 * Refuses (`INVALID_PARAMS`) with a message naming the missing field, e.g.
 * `serializedTransaction is required: the base64 wire transaction to sponsor`.
 *
 * @example
 * const { policyId, serializedTransaction } = parseFeePayerParams(params)
 */
export function parseFeePayerParams(params: unknown): FeePayerParams {
  const request = Array.isArray(params) ? params[0] : params
  if (typeof request !== 'object' || request === null || (Array.isArray(params) && params.length !== 1))
    throw new RpcError('INVALID_PARAMS', 'params must be [{ policyId, serializedTransaction }]')
  const parsed = requestSchema.safeParse(request)
  if (!parsed.success) throw new RpcError('INVALID_PARAMS', parsed.error.issues[0]!.message)
  return parsed.data
}
