/** The ERC-4337 EntryPoint versions the gateway sponsors; each has its own user operation and paymaster layout. */
export type EntryPointVersion = '0.6' | '0.7' | '0.8'
