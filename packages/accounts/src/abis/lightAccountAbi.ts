import { parseAbi } from 'viem'

/**
 * The LightAccount functions the SDK calls (v1.1.0 and v2.0.0 share them), docs/account-kit.md#smart-accounts.
 *
 * @example
 * encodeFunctionData({ abi: lightAccountAbi, functionName: 'transferOwnership', args: [newOwner] })
 */
export const lightAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function transferOwnership(address newOwner)',
  'function owner() view returns (address)',
  'function upgradeToAndCall(address newImplementation, bytes data) payable',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
