import type { SignerClient } from '../client/SignerClient.js'
import { toSignRawPayloadBody } from '../stamp/toSignRawPayloadBody.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import type { AuthMethods } from '../types.js'

/**
 * The signed-in user's sign-in methods: proven email, phone, linked OAuth providers and passkeys
 * (`/v1/list-auth-methods`, stamped with the marker `list_auth_methods`, so the answer is unmasked).
 *
 * @example
 * const { email, oauthProviders, passkeys } = await listAuthMethods(signer)
 */
export async function listAuthMethods(client: SignerClient): Promise<AuthMethods> {
  const user = requireUser(client)
  const stampedRequest = await client.stampRequest(
    'submit/sign_raw_payload',
    toSignRawPayloadBody({
      organizationId: user.orgId,
      payload: 'list_auth_methods',
      signWith: user.address,
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }),
  )
  return request(client, '/v1/list-auth-methods', { stampedRequest })
}
