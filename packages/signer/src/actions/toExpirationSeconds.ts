import type { SignerClient } from '../client/SignerClient.js'

/**
 * The `expirationSeconds` sent with every login: the session lifetime in whole seconds
 * (`floor(expirationTimeMs / 1000)`, 900 by default), at least 1.
 *
 * @example
 * toExpirationSeconds(signer) // 900
 */
export function toExpirationSeconds(client: Pick<SignerClient, 'config'>): number {
  return Math.max(1, Math.floor(client.config.sessionConfig.expirationTimeMs / 1000))
}
