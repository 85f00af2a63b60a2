import { type Address, concat, type Hex, pad, toHex } from 'viem'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import type { SmartAccountOwner } from './SmartAccountOwner.js'

export type SignModularAccountV2HashParameters = {
  owner: SmartAccountOwner
  chainId: number
  account: Address
  entityId: number
  /** `hashMessage(message)` or `hashTypedData(typedData)`. */
  hash: Hex
  singleSignerValidationModule?: Address | undefined
}

/**
 * ModularAccountV2's ERC-1271 signature (docs/account-kit.md#smart-accounts):
 * `0x00 ‖ uint32(entityId) ‖ 0xFF ‖ 0x00 ‖ 712(ReplaySafeHash(bytes32 hash))`. The EIP-712 domain
 * has no name or version: `{ chainId, verifyingContract: account }` for the owner (entity 0), and
 * `{ chainId, verifyingContract: SingleSignerValidation, salt: 12 zero bytes ‖ account }` otherwise.
 *
 * @example
 * await signModularAccountV2Hash({ owner, chainId, account, entityId: 0, hash: hashMessage('hi') })
 */
export async function signModularAccountV2Hash({
  owner,
  chainId,
  account,
  entityId,
  hash,
  singleSignerValidationModule = defaultAddresses.modularAccountV2.singleSignerValidationModule,
}: SignModularAccountV2HashParameters): Promise<Hex> {
  const domain =
    entityId === 0
      ? { chainId, verifyingContract: account }
      : { chainId, verifyingContract: singleSignerValidationModule, salt: pad(account, { size: 32 }) }
  const signature = await owner.signTypedData({
    domain,
    types: { ReplaySafeHash: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'ReplaySafeHash',
    message: { hash },
  })
  return concat(['0x00', toHex(entityId, { size: 4 }), '0xff', '0x00', signature])
}
