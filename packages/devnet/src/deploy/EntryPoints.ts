import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'

/** Where each EntryPoint version lives on the devnet (its canonical address). */
export type EntryPoints = Record<EntryPointVersion, Address>
