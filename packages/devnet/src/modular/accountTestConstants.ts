/** The ERC-1967 implementation slot. */
export const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

/** The SDK's dummy ECDSA signature `D` (docs/account-kit.md#smart-accounts): well formed, recovers to no one. */
export const dummySignature =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
