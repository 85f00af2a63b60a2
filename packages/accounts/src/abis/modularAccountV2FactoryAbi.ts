import { parseAbi } from 'viem'

/**
 * ModularAccountV2's AccountFactory: `createSemiModularAccount(owner, salt)` `0x8b4e464e` (used), and
 * `createAccount(owner, salt, entityId)` `0xafa63a10` (not used by the SDK).
 *
 * @example
 * encodeFunctionData({ abi: modularAccountV2FactoryAbi, functionName: 'createSemiModularAccount', args: [owner, 0n] })
 */
export const modularAccountV2FactoryAbi = parseAbi([
  'function createSemiModularAccount(address owner, uint256 salt) returns (address)',
  'function createAccount(address owner, uint256 salt, uint32 entityId) returns (address)',
])
