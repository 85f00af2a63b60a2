import type { Address, Hex } from 'viem'

/** Replaces every occurrence of the 20 bytes of `from` in `code` with those of `to` (hex, case-insensitive). */
export function replaceAddress(code: Hex, from: Address, to: Address): Hex {
  const needle = from.slice(2).toLowerCase()
  return `0x${code.slice(2).toLowerCase().split(needle).join(to.slice(2).toLowerCase())}`
}
