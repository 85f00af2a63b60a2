import type { SignerRoutePath, SignerRoutes } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import type { MultiFactorEntry } from '../types.js'
import { version } from '../version.js'

/** Reads `data.multiFactors` out of an error body, if it is JSON that has them. */
function readMultiFactors(text: string): MultiFactorEntry[] | undefined {
  try {
    const body = JSON.parse(text) as { data?: { multiFactors?: unknown } } | null
    const multiFactors = body?.data?.multiFactors
    return Array.isArray(multiFactors) ? (multiFactors as MultiFactorEntry[]) : undefined
  } catch {
    return undefined
  }
}

/**
 * Calls the sign-in service: `POST ${rpcUrl}/signer${route}` with a JSON body, the
 * `Alchemy-AA-Sdk-Version` header and `Authorization: Bearer <apiKey|jwt>` when the connection has
 * one. A non-OK answer throws `SignerRequestError` whose message is the response text; one whose
 * body carries `data.multiFactors` throws `MfaRequiredError` instead. Answers the parsed JSON.
 *
 * @example
 * const { orgId } = await request(signer, '/v1/lookup', { email: 'ada@example.com' })
 */
export async function request<TRoute extends SignerRoutePath>(
  client: Pick<SignerClient, 'config' | 'fetch'>,
  route: TRoute,
  body: SignerRoutes[TRoute]['body'],
): Promise<SignerRoutes[TRoute]['response']> {
  const { rpcUrl, apiKey, jwt } = client.config.connection
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Alchemy-AA-Sdk-Version': version,
  }
  const bearer = apiKey ?? jwt
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  const response = await client.fetch(`${rpcUrl}/signer${route}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  if (!response.ok) {
    const text = await response.text()
    const failure = new SignerRequestError(text, { status: response.status, route })
    const multiFactors = readMultiFactors(text)
    if (multiFactors) throw new MfaRequiredError(multiFactors, { cause: failure })
    throw failure
  }
  return (await response.json()) as SignerRoutes[TRoute]['response']
}
