/** The ERC-4337 EntryPoint versions Sigil's paymasters and accounts support. */
export type EntryPointVersion = '0.6' | '0.7' | '0.8'
