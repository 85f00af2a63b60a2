import { SigilPaymaster06 } from '../artifacts/paymaster/SigilPaymaster06.js'
import { SigilPaymaster07 } from '../artifacts/paymaster/SigilPaymaster07.js'
import { SigilPaymaster08 } from '../artifacts/paymaster/SigilPaymaster08.js'

/** Sigil's verifying paymaster artifact per EntryPoint version. */
export const paymasterArtifacts = {
  '0.6': SigilPaymaster06,
  '0.7': SigilPaymaster07,
  '0.8': SigilPaymaster08,
} as const
