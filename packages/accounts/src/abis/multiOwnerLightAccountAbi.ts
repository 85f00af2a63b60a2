import { parseAbi } from 'viem'

/**
 * MultiOwnerLightAccount v2.0.0: LightAccount's calls plus `updateOwners` `0x39562247` and `owners()`.
 *
 * @example
 * encodeFunctionData({ abi: multiOwnerLightAccountAbi, functionName: 'updateOwners', args: [[added], [removed]] })
 */
export const multiOwnerLightAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function updateOwners(address[] ownersToAdd, address[] ownersToRemove)',
  'function owners() view returns (address[])',
  'function upgradeToAndCall(address newImplementation, bytes data) payable',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
