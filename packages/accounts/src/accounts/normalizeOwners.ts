import { type Address, getAddress, zeroAddress } from 'viem'

/**
 * The owner list a multi-owner factory gets (docs/account-kit.md#smart-accounts): `owners ∪ {owner}`, without duplicates
 * or the zero address, sorted ascending as numbers, checksummed.
 *
 * @example
 * normalizeOwners({ owner: '0xB…', owners: ['0xA…', '0xb…', zeroAddress] }) // ['0xA…', '0xB…']
 */
export function normalizeOwners({
  owner,
  owners = [],
}: {
  owner: Address
  owners?: readonly Address[] | undefined
}): Address[] {
  const unique = new Map<bigint, Address>()
  for (const address of [...owners, owner]) {
    const value = BigInt(address)
    if (value !== BigInt(zeroAddress)) unique.set(value, getAddress(address))
  }
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, address]) => address)
}
