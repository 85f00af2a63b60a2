import { privateKeyToAccount } from 'viem/accounts'

/** Fixed owners for unit tests (anvil dev accounts #5 and #6, never used by the devnet itself). */
export const owner = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
export const secondOwner = privateKeyToAccount(
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
)
