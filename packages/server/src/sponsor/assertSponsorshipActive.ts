import { type Address, type Hex, isAddress, isHex } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { findEip7702Delegate } from './findEip7702Delegate.js'
import { isEip7702Marker } from './findSenderKind.js'
import { parseUserOperation } from './parseUserOperation.js'
import { resolvePaymaster } from './resolvePaymaster.js'

/**
 * Before `eth_sendUserOperation` goes to the bundler: when the operation carries a Sigil paymaster's
 * data, finds the sponsorship it was signed under (by user operation hash) and refuses it with the
 * policy refusal (`Policy pol_… is disabled` / `has expired`) when that policy was disabled or expired
 * since, so `policy disable` stops signatures not yet submitted (docs/sponsorship.md). Operations of
 * other paymasters, and ones the gateway cannot read, go on unchanged (the bundler judges them).
 *
 * A v0.8 EIP-7702 operation's hash names the sender's delegate, which the client picks (`eip7702Auth`)
 * and the paymaster's signature does not cover: it is hashed with the delegate as signing did, and when
 * that finds nothing (the client changed `eip7702Auth` since), by sender and nonce: refused unless one of
 * the unsettled sponsorships of that nonce is under a policy still active.
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
  let userOperation: UserOperation
  try {
    userOperation = parseUserOperation(raw, version, '0') as UserOperation
    if (version !== '0.6') {
      if (typeof raw.paymasterData !== 'string' || !isHex(raw.paymasterData)) return
      Object.assign(userOperation, { paymaster: used, paymasterData: raw.paymasterData })
    }
  } catch {
    return
  }
  const delegated =
    version === '0.8' && isEip7702Marker((userOperation as UserOperation<'0.8'>).factory ?? '0x')
  const delegate = delegated
    ? await findEip7702Delegate(request, userOperation, version).catch(() => undefined)
    : undefined
  if (delegate)
    userOperation.authorization = {
      address: delegate,
      chainId: request.chain.id,
      nonce: 0,
      r: '0x0',
      s: '0x0',
      yParity: 0,
    }
  let hash: Hex | undefined
  try {
    hash = getUserOperationHash({
      userOperation,
      entryPointAddress: entryPoint,
      entryPointVersion: version,
      chainId: request.chain.id,
    })
  } catch {
    if (!delegated) return
  }
  const { ctx } = request
  const now = ctx.now()
  const active = (row: PolicyRow) =>
    row.disabled_at === null && (row.expires_at === null || now < Number(row.expires_at))
  const refuse = (row: PolicyRow): never => {
    if (row.disabled_at !== null) throw new RpcError('POLICY_REFUSED', `Policy ${row.id} is disabled`)
    throw new RpcError('POLICY_REFUSED', `Policy ${row.id} has expired`)
  }
  const policies = ctx.store.db
    .selectFrom('sponsor_operations')
    .innerJoin('sponsor_policies', 'sponsor_policies.id', 'sponsor_operations.policy_id')
    .select(['sponsor_policies.id', 'sponsor_policies.disabled_at', 'sponsor_policies.expires_at'])
  const rows = hash
    ? await policies.where('sponsor_operations.user_operation_hash', '=', hash.toLowerCase()).execute()
    : []
  for (const row of rows) if (!active(row)) refuse(row)
  if (rows.length > 0 || !delegated) return
  // The delegate changed since signing: the nonce's unsettled sponsorships tell which policy signed it.
  const siblings = await policies
    .where('sponsor_operations.chain_id', '=', request.chain.id)
    .where('sponsor_operations.entry_point', '=', entryPoint.toLowerCase())
    .where('sponsor_operations.sender', '=', userOperation.sender.toLowerCase())
    .where('sponsor_operations.nonce', '=', userOperation.nonce.toString())
    .where('sponsor_operations.settled_at', 'is', null)
    .execute()
  if (siblings.length > 0 && !siblings.some(active)) refuse(siblings[0]!)
}

type PolicyRow = {
  id: string
  disabled_at: number | bigint | string | null
  expires_at: number | bigint | string | null
}
