import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import { interactionPolicy, Provider } from 'oidc-provider'

export type TestOidcClient = {
  clientId: string
  clientSecret: string
  redirectUri: string
  /** Default `client_secret_post`. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic'
}

/** `email_verified` may be a string, as Apple sends it (`"true"`). */
export type TestOidcAccount = { email?: string; email_verified?: boolean | string }

export type TestOidcProvider = {
  /** `http://127.0.0.1:PORT`: the issuer, no trailing slash. */
  issuer: string
  /** Accounts by subject; the dev login form takes the subject as login name. */
  accounts: Map<string, TestOidcAccount>
  close(): Promise<void>
}

/**
 * A real OpenID Provider (npm `oidc-provider`) on a free port of 127.0.0.1: its own signing key,
 * the given confidential clients (code flow, PKCE required), accounts with `email` and
 * `email_verified` put in the ID token, and the built-in development login and consent pages.
 * `prompt=select_account` (sent by the SDK) is accepted; the login page stands for it.
 *
 * @example
 * const provider = await startOidcProvider([{ clientId: 'sigil', clientSecret: 's3cret', redirectUri }])
 */
export async function startOidcProvider(clients: TestOidcClient[]): Promise<TestOidcProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.end()
  const server = createServer((request, response) => handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', alg: 'RS256' }
  const accounts = new Map<string, TestOidcAccount>()

  const policy = interactionPolicy.base()
  const selectAccount = new interactionPolicy.Prompt({ name: 'select_account', requestable: true })
  selectAccount.checks.clear()
  policy.add(selectAccount)

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    interactions: { policy },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomUUID()] },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
  })
  handle = provider.callback()
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
