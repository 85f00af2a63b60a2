import { type OidcAccountClaims, type OidcClient, startOidcProvider as start } from '@sigil/devnet/oidc'

export type TestOidcClient = OidcClient

/** `email_verified` may be a string, as Apple sends it (`"true"`). */
export type TestOidcAccount = OidcAccountClaims

export type TestOidcProvider = {
  /** `http://127.0.0.1:PORT`: the issuer, no trailing slash. */
  issuer: string
  /** Accounts by subject; the login form takes the subject as login name. */
  accounts: Map<string, TestOidcAccount>
  close(): Promise<void>
}

/**
 * The OAuth tests' OpenID Provider: the dev stack's (`@sigil/devnet/oidc`, npm `oidc-provider`) on a
 * free port of 127.0.0.1 with the given clients and `oidc-provider`'s own development login and consent
 * pages (any login name as subject, any password), accounts from `accounts`.
 *
 * @example
 * const provider = await startOidcProvider([{ clientId: 'sigil', clientSecret: 's3cret', redirectUri }])
 */
export async function startOidcProvider(clients: TestOidcClient[]): Promise<TestOidcProvider> {
  const { issuer, accounts, close } = await start({ clients, loginPage: 'built-in' })
  return { issuer, accounts, close }
}
