import { parseAbi } from 'viem'

/**
 * MultiOwnerLightAccountFactory v2.0.0: `createAccount(address[] owners, uint256 salt)` `0xb54c02f2`.
 *
 * @example
 * encodeFunctionData({ abi: multiOwnerLightAccountFactoryAbi, functionName: 'createAccount', args: [owners, 0n] })
 */
export const multiOwnerLightAccountFactoryAbi = parseAbi([
  'function createAccount(address[] owners, uint256 salt) returns (address account)',
  'function createAccountSingle(address owner, uint256 salt) returns (address account)',
  'function getAddress(address[] owners, uint256 salt) view returns (address)',
])
