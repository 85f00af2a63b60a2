import {
  type SignerErrorBody,
  type SignerRoutePath,
  type SignerRoutes,
  signerErrorCodes,
} from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import type { MultiFactorEntry } from '../types.js'
import { version } from '../version.js'

/** The parts of a `{ error, code, data }` error body the SDK uses; nothing for another body. */
function readErrorBody(text: string): { code?: string; multiFactors?: MultiFactorEntry[] } {
  try {
    const body = JSON.parse(text) as Partial<SignerErrorBody> | null
    const multiFactors = body?.data?.multiFactors
    return {
      ...(typeof body?.code === 'string' ? { code: body.code } : {}),
      ...(Array.isArray(multiFactors) ? { multiFactors: multiFactors as MultiFactorEntry[] } : {}),
    }
  } catch {
    return {}
  }
}

/**
 * Calls the sign-in service: `POST ${rpcUrl}/signer${route}` with a JSON body, the
 * `Alchemy-AA-Sdk-Version` header and `Authorization: Bearer <apiKey|jwt>` when the connection has
 * one. A non-OK answer throws `SignerRequestError` whose message is the response text and whose
 * `code` is the body's (read here, once); `MFA_REQUIRED` with `data.multiFactors` throws
 * `MfaRequiredError` instead. Answers the parsed JSON.
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
    const { code, multiFactors } = readErrorBody(text)
    const failure = new SignerRequestError(text, { status: response.status, route, code })
    if (code === signerErrorCodes.MFA_REQUIRED && multiFactors)
      throw new MfaRequiredError(multiFactors, { cause: failure })
    throw failure
  }
  return (await response.json()) as SignerRoutes[TRoute]['response']
}
