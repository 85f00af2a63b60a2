import { base64urlDecode } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import type { User } from '../types.js'

export type WhoamiParameters = {
  /** Default the signed-in user's organization. */
  orgId?: string | undefined
  /** An OAuth ID token: decoded (not verified) into `idToken`, `claims` and `email`. */
  idToken?: string | undefined
}

function decodeClaims(idToken: string): Record<string, unknown> | undefined {
  try {
    const payload = idToken.split('.')[1]
    return payload ? JSON.parse(new TextDecoder().decode(base64urlDecode(payload))) : undefined
  } catch {
    return undefined
  }
}

/**
 * Asks the server who the current stamp belongs to: a stamped `whoami` query
 * (`{"organizationId"}`) to `/v1/whoami`. Answers `{email?, orgId, userId, address, solanaAddress?}`.
 *
 * @example
 * const user = await whoami(signer)
 */
export async function whoami(client: SignerClient, parameters: WhoamiParameters = {}): Promise<User> {
  const organizationId = parameters.orgId ?? requireUser(client).orgId
  const stampedRequest = await client.stampRequest('query/whoami', { organizationId })
  const user = await request(client, '/v1/whoami', { stampedRequest })
  if (!parameters.idToken) return user
  const claims = decodeClaims(parameters.idToken)
  return {
    ...user,
    idToken: parameters.idToken,
    claims,
    ...(typeof claims?.email === 'string' ? { email: claims.email } : {}),
  }
}
