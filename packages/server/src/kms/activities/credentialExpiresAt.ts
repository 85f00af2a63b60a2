import type { Principal } from '../auth/Principal.js'

/**
 * When the credential that stamped a request expires (epoch ms): an expiring API key's (a sign-in
 * session); undefined for passkeys and API keys without expiry. Credentials an activity creates
 * expire no later than this, so a short session cannot make itself permanent (docs/security.md).
 *
 * @example
 * prepareApiKeys({ organizationId, userId, apiKeys, now, expiresAtMost: credentialExpiresAt(run.principal) })
 */
export function credentialExpiresAt(principal: Principal): number | undefined {
  const { credential } = principal
  if (credential.kind !== 'apiKey' || credential.expiresAt === null) return undefined
  return credential.expiresAt
}
