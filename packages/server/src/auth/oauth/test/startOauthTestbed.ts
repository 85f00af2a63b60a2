import { encodeOauthState, getOauthNonce, type OauthState } from '@sigil/protocol'
import { createLogger } from '../../../log/createLogger.js'
import type { StoreDialect } from '../../../store/createStore.js'
import { createTargetKey } from '../../../test/createTargetKey.js'
import { createTestServer, type TestServer, testAppOrigin } from '../../../test/createTestServer.js'
import type { AuthProvider } from '../listAuthProviders.js'
import type { OauthProviderConfig } from '../loadOauthProviders.js'
import { buildProviderUrl } from './buildProviderUrl.js'
import { type BrowserResult, createTestBrowser, type TestBrowser } from './createTestBrowser.js'
import { serveLateBound } from './serveLateBound.js'
import { startOidcProvider, type TestOidcProvider } from './startOidcProvider.js'

export type OauthLoginParameters = {
  /** Login name at the provider = the ID token's `sub`. */
  subject: string
  providerId?: string
  isCustomProvider?: boolean
  /** Default: redirect mode to the test app's return page. */
  redirectUrl?: string
  openerOrigin?: string
  expirationSeconds?: number
  /** Account Kit's `addOauthProvider`: the callback answers the ID token alone. */
  fetchIdTokenOnly?: boolean
  scope?: string
  otherParameters?: Record<string, string>
  /** Attacks: what a tampering client or attacker changes. */
  tamper?: {
    /** `state.turnkeyPublicKey` (the prepared nonce and the provider URL use the real key). */
    stateKey?: string
    /** The key whose hash goes in the provider URL's `nonce`. */
    urlNonceKey?: string
    /** `client_id` in the provider URL. */
    clientId?: string
    /** Authorization endpoint (another provider). */
    authEndpoint?: string
    requestKey?: string
  }
  /** Runs after prepare-oauth, before the browser goes to the provider. */
  beforeProvider?: () => void
  /** Stop at the provider's redirect to the Sigil callback (`location` is then the callback URL). */
  stopAtCallback?: boolean
  /** Cancel at the provider's login page instead of signing in. */
  cancelAtProvider?: boolean
}

export type OauthLogin = BrowserResult & {
  target: ReturnType<typeof createTargetKey>
  state: string
  authUrl: string
  browser: TestBrowser
  /** The callback URL the provider sent the browser to (redirect mode only known after the fact). */
  appUrl: URL | undefined
}

export type OauthTestbed = {
  server: TestServer
  /** The Sigil server's real listener (`publicUrl`). */
  publicUrl: string
  callbackUrl: string
  /** The provider Sigil is configured with (`auth0`, `apple`, custom `corp`). */
  idp: TestOidcProvider
  /** Another provider with the same client id: it is not configured in Sigil. */
  impostor: TestOidcProvider
  /** Every log line of the Sigil server. */
  logLines: string[]
  prepare(
    nonce: string,
  ): Promise<{ codeChallenge: string; requestKey: string; authProviders: AuthProvider[] }>
  /** A whole login as the SDK and a browser do it; stops at the redirect to the app or at a page. */
  login(parameters: OauthLoginParameters): Promise<OauthLogin>
  close(): Promise<void>
}

/**
 * Sigil on a real listener with OAuth configured against a real `oidc-provider`, plus a second,
 * unconfigured provider, for end-to-end OAuth tests.
 *
 * @example
 * const testbed = await startOauthTestbed('sqlite')
 * const { location } = await testbed.login({ subject: 'ada' })
 */
export async function startOauthTestbed(
  dialect: StoreDialect,
  options: {
    now?: () => number
    /** Fields merged into the configured providers by id (e.g. `{ corp: { trustEmailVerified: true } }`). */
    providers?: Partial<Record<'auth0' | 'apple' | 'corp', Partial<OauthProviderConfig>>>
  } = {},
): Promise<OauthTestbed> {
  const listener = await serveLateBound()
  const callbackUrl = `${listener.url}/signer/v1/oauth/callback`
  const idp = await startOidcProvider([
    { clientId: 'sigil-app', clientSecret: 'sigil-secret', redirectUri: callbackUrl },
    {
      clientId: 'sigil-basic',
      clientSecret: 'basic-secret',
      redirectUri: callbackUrl,
      tokenEndpointAuthMethod: 'client_secret_basic',
    },
    { clientId: 'other-app', clientSecret: 'other-secret', redirectUri: callbackUrl },
  ])
  const impostor = await startOidcProvider([
    { clientId: 'sigil-app', clientSecret: 'sigil-secret', redirectUri: callbackUrl },
  ])
  const logLines: string[] = []
  const server = await createTestServer(dialect, {
    publicUrl: listener.url,
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    ...(options.now ? { now: options.now } : {}),
    oauthProviders: (
      [
        { id: 'auth0', issuer: idp.issuer, clientId: 'sigil-app', clientSecret: 'sigil-secret' },
        { id: 'apple', issuer: idp.issuer, clientId: 'sigil-app', clientSecret: 'sigil-secret' },
        {
          id: 'corp',
          issuer: idp.issuer,
          clientId: 'sigil-basic',
          clientSecret: 'basic-secret',
          tokenEndpointAuthMethod: 'client_secret_basic',
        },
      ] as const
    ).map((provider) => ({ ...provider, ...options.providers?.[provider.id] })),
  })
  listener.bind(server.app.fetch)

  const prepare: OauthTestbed['prepare'] = async (nonce) => {
    const response = await server.signer('/v1/prepare-oauth', { nonce })
    if (response.status !== 200) throw new Error(`prepare-oauth: ${response.status} ${await response.text()}`)
    return (await response.json()) as Awaited<ReturnType<OauthTestbed['prepare']>>
  }

  const login: OauthTestbed['login'] = async (parameters) => {
    const target = createTargetKey()
    const tamper = parameters.tamper ?? {}
    const prepared = await prepare(getOauthNonce(target.publicKey))
    const providerId = parameters.providerId ?? 'auth0'
    const provider = prepared.authProviders.find(
      (candidate) =>
        candidate.id === providerId && !!candidate.isCustomProvider === !!parameters.isCustomProvider,
    )
    if (!provider) throw new Error(`No auth provider found with id ${providerId}`)
    const popup = parameters.openerOrigin !== undefined
    const stateInput: OauthState = {
      authProviderId: providerId,
      ...(parameters.isCustomProvider ? { isCustomProvider: true } : {}),
      requestKey: tamper.requestKey ?? prepared.requestKey,
      turnkeyPublicKey: tamper.stateKey ?? target.publicKey,
      ...(parameters.expirationSeconds ? { expirationSeconds: parameters.expirationSeconds } : {}),
      ...(parameters.fetchIdTokenOnly ? { fetchIdTokenOnly: true } : {}),
      ...(popup
        ? { openerOrigin: parameters.openerOrigin }
        : { redirectUrl: parameters.redirectUrl ?? `${testAppOrigin}/auth/return` }),
    }
    const state = encodeOauthState(stateInput)
    const authEndpoint = tamper.authEndpoint ?? provider.authEndpoint
    const authUrl = buildProviderUrl({
      authEndpoint,
      oauthCallbackUrl: callbackUrl,
      scope: parameters.scope ?? 'openid email',
      state,
      codeChallenge: prepared.codeChallenge,
      clientId: tamper.clientId ?? provider.clientId,
      nonce: getOauthNonce(tamper.urlNonceKey ?? target.publicKey),
      ...(parameters.otherParameters ? { otherParameters: parameters.otherParameters } : {}),
    })
    parameters.beforeProvider?.()
    const browser = createTestBrowser()
    const stopAt = (url: URL) =>
      parameters.stopAtCallback
        ? url.origin === listener.url
        : url.origin !== new URL(authEndpoint).origin && url.origin !== listener.url
    const fields = { login: parameters.subject, password: 'any password' }
    let result = await browser.visit(authUrl, { fields, stopAt, submitForms: !parameters.cancelAtProvider })
    if (parameters.cancelAtProvider) {
      const abort = browser.links().find((link) => link.endsWith('/abort'))
      if (!abort) throw new Error('no cancel link on the provider page')
      result = await browser.visit(abort, { fields, stopAt })
    }
    return {
      ...result,
      target,
      state,
      authUrl,
      browser,
      appUrl: result.location ? new URL(result.location) : undefined,
    }
  }

  return {
    server,
    publicUrl: listener.url,
    callbackUrl,
    idp,
    impostor,
    logLines,
    prepare,
    login,
    async close() {
      await listener.close()
      await idp.close()
      await impostor.close()
      await server.cleanup()
    },
  }
}
