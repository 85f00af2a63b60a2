import { parseAbi } from 'viem'

/**
 * LightAccountFactory (v1.1.0 and v2.0.0): `createAccount(owner, salt)` `0x5fbfb9cf` and
 * `getAddress(owner, salt)` `0x8cb84e18`.
 *
 * @example
 * encodeFunctionData({ abi: lightAccountFactoryAbi, functionName: 'createAccount', args: [owner, 0n] })
 */
export const lightAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address account)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
