import { parseAbi } from 'viem'

/**
 * The execution functions of MultiOwnerModularAccount (MA v1) and ModularAccountV2: `execute`
 * `0xb61d27f6` and `executeBatch((address,uint256,bytes)[])` `0x34fcd5be`, plus the upgrade call.
 *
 * @example
 * encodeFunctionData({ abi: modularAccountAbi, functionName: 'executeBatch', args: [[{ target, value, data }]] })
 */
export const modularAccountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function execute(address target, uint256 value, bytes data) payable returns (bytes)',
  'function executeBatch(Call[] calls) payable returns (bytes[])',
  'function upgradeToAndCall(address newImplementation, bytes data) payable',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
