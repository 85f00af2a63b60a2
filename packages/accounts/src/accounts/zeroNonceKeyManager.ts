import type { NonceManager } from 'viem'

/**
 * A nonce-key manager that always answers key 0, so user operations use the EntryPoint's sequential
 * nonce (0 for an undeployed account) as Account Kit does, instead of viem's time-based keys.
 *
 * @example
 * toSmartAccount({ …, nonceKeyManager: zeroNonceKeyManager })
 */
export const zeroNonceKeyManager: NonceManager = {
  consume: async () => 0,
  increment: () => {},
  get: async () => 0,
  reset: () => {},
}
