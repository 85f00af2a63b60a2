import { getTypesForEIP712Domain, serializeTypedData, type TypedDataDefinition } from 'viem'

/**
 * EIP-712 fixtures. `mail` and `mailDigest` are the example of the EIP-712 document itself
 * (ethereum/EIPs `EIPS/eip-712.md`, "Test cases", `Example.js`: `sign hash`).
 */
export const mail = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const satisfies TypedDataDefinition
export const mailDigest = '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2'

/** An EIP-2612 permit whose integers do not fit a JS number. */
export const permit = {
  domain: {
    name: 'USD Coin',
    version: '2',
    chainId: 8453n,
    verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: {
    owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    value: 2n ** 256n - 1n,
    nonce: 0n,
    deadline: 18446744073709551615n,
  },
} as const satisfies TypedDataDefinition

/** Signed integers, fixed and dynamic arrays, arrays of structs, bytes and a salted domain. */
export const order = {
  domain: {
    name: 'Exchange',
    chainId: 31337n,
    salt: '0x0000000000000000000000000000000000000000000000000000000000000042',
  },
  types: {
    Leg: [
      { name: 'delta', type: 'int256' },
      { name: 'weights', type: 'uint16[2]' },
    ],
    Order: [
      { name: 'legs', type: 'Leg[]' },
      { name: 'amounts', type: 'uint128[]' },
      { name: 'offset', type: 'int8' },
      { name: 'memo', type: 'bytes' },
      { name: 'open', type: 'bool' },
    ],
  },
  primaryType: 'Order',
  message: {
    legs: [
      { delta: -(2n ** 200n), weights: [1, 65535] },
      { delta: 12345678901234567890n, weights: [0, 7] },
    ],
    amounts: [0n, 2n ** 127n],
    offset: -128,
    memo: '0xdeadbeef',
    open: true,
  },
} as const satisfies TypedDataDefinition

/**
 * The payload `@turnkey/viem` `signTypedData` sends: `EIP712Domain` added to `types`, then viem's
 * `serializeTypedData` (addresses lowercased, bigints as decimal strings).
 */
export function toTurnkeyViemTypedDataPayload(typedData: TypedDataDefinition): string {
  const { domain = {}, types } = typedData as { domain?: TypedDataDefinition['domain']; types: object }
  return serializeTypedData({
    ...typedData,
    domain,
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types },
  } as unknown as TypedDataDefinition)
}
