/**
 * A well-formed 65-byte ECDSA signature (`r ‖ s ‖ v`) that recovers to no known key. Accounts put it
 * (with their type prefix) in a user operation while its gas is estimated; `validateUserOp` must then
 * answer "signature failed" without reverting (docs/account-kit.md#smart-accounts, `D`).
 *
 * @example
 * concat(['0x00', dummySignature]) // LightAccount v2.0.0's stub signature
 */
export const dummySignature =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c' as const
