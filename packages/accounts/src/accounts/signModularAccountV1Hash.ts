import { type Address, type Hex, pad } from 'viem'
import type { SmartAccountOwner } from './SmartAccountOwner.js'

export type SignModularAccountV1HashParameters = {
  owner: SmartAccountOwner
  chainId: number
  account: Address
  /** The MultiOwnerPlugin the account validates with. */
  pluginAddress: Address
  /** `hashMessage(message)` or `hashTypedData(typedData)`. */
  hash: Hex
}

/**
 * The ERC-1271 signature of a MultiOwnerModularAccount (MA v1, docs/account-kit.md#smart-accounts): the owner's EIP-712
 * signature of `AlchemyModularAccountMessage(bytes message)` in the MultiOwnerPlugin's domain
 * `{ name: 'Multi Owner Plugin', version: '1.0.0', chainId, verifyingContract: account,
 * salt: bytes32(bytes20(plugin)) }` (what the plugin's `eip712Domain()` answers when called as the account).
 *
 * @example
 * await signModularAccountV1Hash({ owner, chainId, account, pluginAddress, hash: hashMessage('hi') })
 */
export function signModularAccountV1Hash({
  owner,
  chainId,
  account,
  pluginAddress,
  hash,
}: SignModularAccountV1HashParameters): Promise<Hex> {
  return owner.signTypedData({
    domain: {
      name: 'Multi Owner Plugin',
      version: '1.0.0',
      chainId,
      verifyingContract: account,
      salt: pad(pluginAddress, { dir: 'right', size: 32 }),
    },
    types: { AlchemyModularAccountMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'AlchemyModularAccountMessage',
    message: { message: hash },
  })
}
