import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { DemoSettings } from '../src/loadDemoSettings.js'

/** The dev login's provider id on the Sigil server (from `SIGIL_OAUTH_DEV_LOGIN_*`). */
export const devLoginProviderId = 'dev_login'

export type StartDevLoginParameters = {
  /** Port on 127.0.0.1; `0` picks a free one. */
  port: number
  /** The data folder: the provider's key and the accounts used are kept in `<dataDir>/dev-login.json`. */
  dataDir: string
}

export type DevLogin = {
  /** The issuer, `http://127.0.0.1:PORT`. */
  issuer: string
  /** The Sigil server's variables that configure it as OAuth provider `dev_login`. */
  serverEnv: Record<string, string>
  /** Registers the Sigil server's OAuth callback (its URL is known once it listens). */
  connect(serverUrl: string): void
  close(): Promise<void>
}

/**
 * `npm start`'s local OpenID provider (`@sigil/devnet/oidc`, npm `oidc-provider`) with the dev login
 * page (any name or email, no password): the Sigil server trusts it as the custom provider `dev_login`
 * with a client secret made for this start, and the demo shows a button for it (docs/oauth.md#try-it-locally).
 *
 * @example
 * const devLogin = await startDevLogin({ port: 8790, dataDir })
 * const server = await startSigilServer({ ..., env: { ...process.env, ...devLogin.serverEnv } })
 * devLogin.connect(server.url)
 */
export async function startDevLogin({ port, dataDir }: StartDevLoginParameters): Promise<DevLogin> {
  // Imported once the devnet is built: `npm start` runs on the packages' `dist`.
  const { startOidcProvider } = await import('@sigil/devnet/oidc')
  const provider = await startOidcProvider({ port, dataFile: join(dataDir, 'dev-login.json') })
  const clientId = 'sigil-demo'
  const clientSecret = randomBytes(24).toString('base64url')
  return {
    issuer: provider.issuer,
    serverEnv: {
      SIGIL_OAUTH_DEV_LOGIN_ISSUER: provider.issuer,
      SIGIL_OAUTH_DEV_LOGIN_CLIENT_ID: clientId,
      SIGIL_OAUTH_DEV_LOGIN_CLIENT_SECRET: clientSecret,
    },
    connect(serverUrl) {
      provider.setClients([{ clientId, clientSecret, redirectUri: `${serverUrl}/signer/v1/oauth/callback` }])
    },
    close: () => provider.close(),
  }
}

/**
 * The demo's buttons for the server's OAuth providers: one each, and for the dev login two, 'Dev login'
 * (a popup) and 'Dev login (redirect)' (the page goes to the provider and comes back).
 *
 * @example
 * demoOauthButtons(await readOauthProviders(env))
 */
export function demoOauthButtons(
  providers: NonNullable<DemoSettings['oauthProviders']>,
): NonNullable<DemoSettings['oauthProviders']> {
  return providers.flatMap((provider) =>
    provider.id === devLoginProviderId && provider.isCustomProvider
      ? [
          { ...provider, displayName: 'Dev login', mode: 'popup' as const },
          { ...provider, displayName: 'Dev login (redirect)', mode: 'redirect' as const },
        ]
      : [provider],
  )
}
