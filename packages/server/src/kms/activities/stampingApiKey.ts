import type { Principal } from '../auth/Principal.js'

/**
 * The API key that stamped a request (its public key and curve), or undefined for a passkey: what
 * `prepareApiKeys` takes as proof that the request holds a key it registers in a further organization.
 *
 * @example
 * prepareApiKeys({ organizationId, userId, apiKeys, now, stampedBy: stampingApiKey(run.principal) })
 */
export function stampingApiKey(principal: Principal): { publicKey: string; curveType: string } | undefined {
  const { credential } = principal
  if (credential.kind !== 'apiKey') return undefined
  return { publicKey: credential.publicKey, curveType: credential.curveType }
}
