import { type Address, type Hex, isAddress, isHex } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { parseUserOperation } from './parseUserOperation.js'
import { resolvePaymaster } from './resolvePaymaster.js'

/**
 * Before `eth_sendUserOperation` goes to the bundler: when the operation carries a Sigil paymaster's
 * data, finds the sponsorship it was signed under (by user operation hash) and refuses it with the
 * policy refusal (`Policy pol_… is disabled` / `has expired`) when that policy was disabled or expired
 * since, so `policy disable` stops signatures not yet submitted (docs/sponsorship.md). Operations of
 * other paymasters, and ones the gateway cannot read, go on unchanged (the bundler judges them).
 *
 * @example
 * await assertSponsorshipActive(request, params)
 */
export async function assertSponsorshipActive(request: GatewayRequest, params: unknown): Promise<void> {
  if (!Array.isArray(params) || typeof params[0] !== 'object' || params[0] === null) return
  const [raw, entryPoint] = params as [Record<string, unknown>, unknown]
  if (typeof entryPoint !== 'string' || !isAddress(entryPoint, { strict: false })) return
  let version: ReturnType<typeof resolvePaymaster>['version']
  let paymaster: Address
  try {
    ;({ version, paymaster } = resolvePaymaster(request.chain, entryPoint))
  } catch {
    return
  }
  const paymasterAndData = typeof raw.paymasterAndData === 'string' ? raw.paymasterAndData : undefined
  const used = version === '0.6' ? paymasterAndData?.slice(0, 42) : raw.paymaster
  if (typeof used !== 'string' || used.toLowerCase() !== paymaster.toLowerCase()) return
  let hash: Hex
  try {
    const userOperation = parseUserOperation(raw, version, '0') as UserOperation
    if (version !== '0.6') {
      if (typeof raw.paymasterData !== 'string' || !isHex(raw.paymasterData)) return
      Object.assign(userOperation, { paymaster: used, paymasterData: raw.paymasterData })
    }
    hash = getUserOperationHash({
      userOperation,
      entryPointAddress: entryPoint,
      entryPointVersion: version,
      chainId: request.chain.id,
    })
  } catch {
    return
  }
  const { ctx } = request
  const rows = await ctx.store.db
    .selectFrom('sponsor_operations')
    .innerJoin('sponsor_policies', 'sponsor_policies.id', 'sponsor_operations.policy_id')
    .select(['sponsor_policies.id', 'sponsor_policies.disabled_at', 'sponsor_policies.expires_at'])
    .where('sponsor_operations.user_operation_hash', '=', hash.toLowerCase())
    .execute()
  const now = ctx.now()
  for (const row of rows) {
    if (row.disabled_at !== null) throw new RpcError('POLICY_REFUSED', `Policy ${row.id} is disabled`)
    if (row.expires_at !== null && now >= Number(row.expires_at))
      throw new RpcError('POLICY_REFUSED', `Policy ${row.id} has expired`)
  }
}
