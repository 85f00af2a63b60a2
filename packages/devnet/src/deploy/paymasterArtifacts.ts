import { SigilPaymaster06, SigilPaymaster07, SigilPaymaster08 } from '@sigil/protocol'

/** Sigil's verifying paymaster artifact per EntryPoint version. */
export const paymasterArtifacts = {
  '0.6': SigilPaymaster06,
  '0.7': SigilPaymaster07,
  '0.8': SigilPaymaster08,
} as const
