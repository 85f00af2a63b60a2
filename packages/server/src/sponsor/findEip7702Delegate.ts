import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, getAddress, isAddress } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { isEip7702Marker } from './findSenderKind.js'
import { readSenderCode } from './readSenderCode.js'

/**
 * The EIP-7702 delegate a v0.8 operation's hash is computed with: for an operation whose `factory` is the
 * EIP-7702 marker, the EntryPoint hashes the sender's delegate in place of the init code, that is the
 * delegate its authorization installs (`eip7702Auth`), else the one the sender's code names now (read from
 * the chain's node). Undefined for any other operation, or when the sender is delegated to nothing.
 *
 * @example
 * const delegate = await findEip7702Delegate(request, userOperation, '0.8')
 */
export async function findEip7702Delegate(
  request: GatewayRequest,
  userOperation: UserOperation,
  version: EntryPointVersion,
): Promise<Address | undefined> {
  if (version !== '0.8') return undefined
  const { factory } = userOperation as UserOperation<'0.8'>
  if (!factory || !isEip7702Marker(factory)) return undefined
  const { eip7702Auth } = userOperation as { eip7702Auth?: Record<string, unknown> | null }
  const authorized = eip7702Auth?.address ?? eip7702Auth?.contractAddress
  if (typeof authorized === 'string' && isAddress(authorized, { strict: false }))
    return getAddress(authorized)
  const { code } = await readSenderCode(request, userOperation.sender)
  return code.shape === 'eip7702' ? code.delegate : undefined
}
