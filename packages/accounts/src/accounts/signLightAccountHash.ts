import type { Address, Hex } from 'viem'
import type { SmartAccountOwner } from './SmartAccountOwner.js'

export type SignLightAccountHashParameters = {
  owner: SmartAccountOwner
  /** `'LightAccount'` or `'MultiOwnerLightAccount'`. */
  name: string
  /** `'1'` for v1.1.0, `'2'` for v2.0.0. */
  version: string
  chainId: number
  account: Address
  /** `hashMessage(message)` or `hashTypedData(typedData)`. */
  hash: Hex
}

/**
 * The ERC-1271 wrapper of LightAccount v1.1.0 / v2.0.0 and MultiOwnerLightAccount (docs/account-kit.md#smart-accounts):
 * the owner's EIP-712 signature of `LightAccountMessage(bytes message)` with `message` = the 32-byte
 * hash, in the domain `{ name, version, chainId, verifyingContract: account }`. v2 accounts prefix `0x00`.
 *
 * @example
 * await signLightAccountHash({ owner, name: 'LightAccount', version: '2', chainId, account, hash: hashMessage('hi') })
 */
export function signLightAccountHash({
  owner,
  name,
  version,
  chainId,
  account,
  hash,
}: SignLightAccountHashParameters): Promise<Hex> {
  return owner.signTypedData({
    domain: { name, version, chainId, verifyingContract: account },
    types: { LightAccountMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'LightAccountMessage',
    message: { message: hash },
  })
}
