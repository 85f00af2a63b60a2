import { type Address, getAddress, type Hex, keccak256 } from 'viem'

/**
 * What an account's deployed code is, as far as the gateway can tell from its bytes: nothing, an
 * EIP-7702 delegation, a proxy (the minimal ERC-1967 proxy Sigil's factories deploy keeps its
 * implementation in storage, optionally followed by 20 bytes of immutable arguments: a semi-modular
 * ModularAccountV2 carries its owner there; an EIP-1167 clone carries its implementation in its code)
 * or anything else.
 */
export type AccountCode =
  | { shape: 'none' }
  | { shape: 'eip7702'; delegate: Address }
  | { shape: 'erc1967' }
  | { shape: 'eip1167'; implementation: Address }
  | { shape: 'other'; codeHash: Hex }

/** The ERC-1967 implementation slot (`keccak256('eip1967.proxy.implementation') - 1`). */
export const erc1967ImplementationSlot: Hex =
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

/** Runtime code of Solady's minimal ERC-1967 proxy (`LibClone.createDeterministicERC1967`): delegates to the slot. */
const minimalErc1967Proxy = `0x363d3d373d3d363d7f${erc1967ImplementationSlot.slice(2)}545af43d6000803e6038573d6000fd5b3d6000f3`
const eip7702Prefix = '0xef0100'
const eip1167Prefix = '0x363d3d373d3d3d363d73'
const eip1167Suffix = '5af43d82803e903d91602b57fd5bf3'

/**
 * Reads the shape of an account's code (`eth_getCode`). Only exact byte patterns count: a contract
 * that merely stores a known address in the ERC-1967 slot is `other`.
 *
 * @example
 * parseAccountCode('0xef010069007702764179f14f51cdce752f4f775d74e139')
 * // { shape: 'eip7702', delegate: '0x69007702764179f14F51cdce752f4f775d74E139' }
 */
export function parseAccountCode(code: Hex): AccountCode {
  const lower = code.toLowerCase() as Hex
  if (lower === '0x') return { shape: 'none' }
  if (lower.length === 2 + 23 * 2 && lower.startsWith(eip7702Prefix))
    return { shape: 'eip7702', delegate: getAddress(`0x${lower.slice(8)}`) }
  // The proxy returns or reverts before the arguments, so they are never run.
  if (
    lower === minimalErc1967Proxy ||
    (lower.length === minimalErc1967Proxy.length + 40 && lower.startsWith(minimalErc1967Proxy))
  )
    return { shape: 'erc1967' }
  if (lower.length === 2 + 45 * 2 && lower.startsWith(eip1167Prefix) && lower.endsWith(eip1167Suffix))
    return { shape: 'eip1167', implementation: getAddress(`0x${lower.slice(22, 62)}`) }
  return { shape: 'other', codeHash: keccak256(lower) }
}
