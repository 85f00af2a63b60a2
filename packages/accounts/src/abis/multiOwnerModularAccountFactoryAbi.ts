import { parseAbi } from 'viem'

/**
 * MultiOwnerModularAccountFactory (MA v1): `createAccount(uint256 salt, address[] owners)` `0x73876732`,
 * salt first.
 *
 * @example
 * encodeFunctionData({ abi: multiOwnerModularAccountFactoryAbi, functionName: 'createAccount', args: [0n, owners] })
 */
export const multiOwnerModularAccountFactoryAbi = parseAbi([
  'function createAccount(uint256 salt, address[] owners) returns (address)',
  'function getAddress(uint256 salt, address[] owners) view returns (address)',
])
