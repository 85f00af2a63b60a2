import { parseAbi } from 'viem'

/**
 * MA v1's MultiOwnerPlugin: owner changes (called through the account) and its EIP-712 domain.
 *
 * @example
 * await readContract(client, { address: plugin, abi: multiOwnerPluginAbi, functionName: 'ownersOf', args: [account] })
 */
export const multiOwnerPluginAbi = parseAbi([
  'function updateOwners(address[] ownersToAdd, address[] ownersToRemove)',
  'function ownersOf(address account) view returns (address[])',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
])
