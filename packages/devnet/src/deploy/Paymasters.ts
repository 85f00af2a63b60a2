import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'

/** The devnet's verifying paymaster for each EntryPoint version. */
export type Paymasters = Record<EntryPointVersion, Address>
