import type { Address } from 'viem'

/**
 * The canonical EntryPoint addresses (the same as viem's `entryPoint06Address` … `entryPoint08Address`), as
 * plain data: the devnet hands them to alto before it loads viem.
 */
export const entryPointAddresses = {
  '0.6': '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
  '0.7': '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  '0.8': '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
} as const satisfies Record<'0.6' | '0.7' | '0.8', Address>
