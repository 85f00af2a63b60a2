import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname } from 'node:path'
import { createMemoryAdapter } from './createMemoryAdapter.js'
import { loadOidcProvider, type OidcContext, type OidcProviderInstance } from './OidcProviderModule.js'
import { renderLoginPage } from './renderLoginPage.js'
import { type DevAccount, toDevAccount } from './toDevAccount.js'

export type OidcClient = {
  clientId: string
  clientSecret: string
  redirectUri: string
  /** Default `client_secret_post`. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic' | undefined
}

/** What the ID token says of an account; `email_verified` may be a string, as Apple sends it (`"true"`). */
export type OidcAccountClaims = { email?: string; email_verified?: boolean | string; name?: string }

export type StartOidcProviderParameters = {
  /** Port on `host`; default `0` (a free one). */
  port?: number | undefined
  /** Default `127.0.0.1`. */
  host?: string | undefined
  /** The clients; without them the provider answers 503 until `setClients`. */
  clients?: OidcClient[] | undefined
  /**
   * `'dev-login'` (default): Sigil's login page (a name or email, no password, no consent step);
   * the account is made at login. `'built-in'`: `oidc-provider`'s development pages (any login and
   * password, then consent), accounts from `accounts`.
   */
  loginPage?: 'dev-login' | 'built-in' | undefined
  /** A JSON file keeping the signing key and the accounts used (dev login) across starts; default in memory. */
  dataFile?: string | undefined
}

export type OidcProvider = {
  /** `http://127.0.0.1:PORT`: the issuer, no trailing slash. */
  issuer: string
  /** Accounts by subject (the dev login's subject is the email address). */
  accounts: Map<string, OidcAccountClaims>
  /** Sets the clients (e.g. once the relying party's callback URL is known). */
  setClients(clients: OidcClient[]): void
  close(): Promise<void>
}

/** Offered on the dev login page until someone has signed in. */
const sampleAccounts: DevAccount[] = [
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Grace Hopper', email: 'grace@example.com' },
]

type DataFile = { signingKey: Record<string, unknown>; cookieKey: string; accounts: DevAccount[] }

/**
 * A real OpenID Provider (npm `oidc-provider`) on 127.0.0.1: its own RS256 signing key, confidential
 * clients (code flow, PKCE required), `email`, `email_verified` and `name` in the ID token.
 * `prompt=select_account` (sent by the Account Kit SDK) is accepted; the login page stands for it.
 * `npm start` runs one with the dev login page for the demo's social button (docs/oauth.md#try-it-locally);
 * the OAuth tests run it with either page.
 *
 * @example
 * const provider = await startOidcProvider({ port: 8790 })
 * provider.setClients([{ clientId: 'sigil', clientSecret: 's3cret', redirectUri }])
 */
export async function startOidcProvider(parameters: StartOidcProviderParameters = {}): Promise<OidcProvider> {
  const { port = 0, host = '127.0.0.1', loginPage = 'dev-login', dataFile } = parameters
  const { Provider, interactionPolicy } = await loadOidcProvider()
  const data = await loadData(dataFile)
  const accounts = new Map<string, OidcAccountClaims>(
    data.accounts.map((account) => [account.email, { ...account, email_verified: true }]),
  )
  const remember = async (account: DevAccount) => {
    data.accounts = [account, ...data.accounts.filter((known) => known.email !== account.email)].slice(0, 5)
    accounts.set(account.email, { ...account, email_verified: true })
    if (dataFile) await writeFile(dataFile, JSON.stringify(data, null, 2), { mode: 0o600 })
  }

  let provider: OidcProviderInstance | undefined
  let providerHandler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  const server = createServer((request, response) => {
    if (!provider || !providerHandler) {
      response.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' })
      return response.end('starting')
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(path)
    if (loginPage === 'dev-login' && interaction)
      return void handleInteraction(
        provider,
        request,
        response,
        interaction[2],
        data.accounts,
        remember,
      ).catch((error: unknown) => {
        if (response.headersSent) return response.end()
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        response.end(
          `This sign-in has expired or is not valid: go back to the app and start again. (${describe(error)})`,
        )
      })
    providerHandler(request, response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`

  const policy = interactionPolicy.base()
  const selectAccount = new interactionPolicy.Prompt({ name: 'select_account', requestable: true })
  selectAccount.checks.clear()
  policy.add(selectAccount)

  const setClients = (clients: OidcClient[]) => {
    provider = new Provider(issuer, {
      clients: clients.map((client) => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
      })),
      adapter: createMemoryAdapter(),
      jwks: { keys: [data.signingKey] },
      findAccount: (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: () => ({ sub, ...accounts.get(sub) }),
      }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      interactions: {
        policy,
        ...(loginPage === 'dev-login'
          ? { url: (_ctx: unknown, { uid }: { uid: string }) => `/interaction/${uid}` }
          : {}),
      },
      features: { devInteractions: { enabled: loginPage === 'built-in' } },
      // The dev login asks no consent: the app gets what it asks for (one grant per login).
      ...(loginPage === 'dev-login' ? { loadExistingGrant: grantAll } : {}),
      cookies: { keys: [data.cookieKey] },
      ttl: {
        AuthorizationCode: 60,
        Interaction: 600,
        Session: 600,
        Grant: 600,
        AccessToken: 600,
        IdToken: 600,
      },
    })
    providerHandler = provider.callback()
  }
  if (parameters.clients) setClients(parameters.clients)

  return {
    issuer,
    accounts,
    setClients,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** The dev login's interaction routes: the page (GET), a login (POST `/login`), Cancel (`/abort`). */
async function handleInteraction(
  provider: OidcProviderInstance,
  request: IncomingMessage,
  response: ServerResponse,
  action: string | undefined,
  known: DevAccount[],
  remember: (account: DevAccount) => Promise<void>,
): Promise<void> {
  const details = await provider.interactionDetails(request, response)
  const base = `/interaction/${details.uid}`
  const page = (error?: string) => {
    response.writeHead(error ? 400 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-frame-options': 'DENY',
    })
    response.end(
      renderLoginPage({
        action: `${base}/login`,
        abortUrl: `${base}/abort`,
        accounts: known.length ? known : sampleAccounts,
        error,
      }),
    )
  }
  if (action === '/abort')
    return provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    )
  if (action !== '/login' || request.method !== 'POST') return page()
  const form = new URLSearchParams(await readBody(request))
  const entered = toDevAccount(form.get('email') ?? '')
  if (!entered) return page('Type a name (Ada) or an email address (ada@example.com).')
  // A picked (or retyped) account keeps the name it was given.
  const account = [...known, ...sampleAccounts].find(({ email }) => email === entered.email) ?? entered
  await remember(account)
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: account.email } },
    { mergeWithLastSubmission: false },
  )
}

/** `loadExistingGrant` without consent: the session's grant, else a new one for the scope asked. */
async function grantAll(ctx: OidcContext) {
  const { client, session, result, params, provider } = ctx.oidc
  if (!client || !session?.accountId) return undefined
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
  if (grantId) return provider.Grant.find(grantId)
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId })
  grant.addOIDCScope(params?.scope ?? 'openid')
  await grant.save()
  return grant
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > 10_000) throw new Error('form too large')
  }
  return body
}

async function loadData(dataFile: string | undefined): Promise<DataFile> {
  const stored = dataFile
    ? await readFile(dataFile, 'utf8').then(
        (text) => JSON.parse(text) as DataFile,
        () => undefined,
      )
    : undefined
  if (stored?.signingKey && stored.cookieKey && Array.isArray(stored.accounts)) return stored
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const data: DataFile = {
    signingKey: { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' },
    cookieKey: randomBytes(32).toString('base64url'),
    accounts: [],
  }
  if (dataFile) {
    await mkdir(dirname(dataFile), { recursive: true })
    await writeFile(dataFile, JSON.stringify(data, null, 2), { mode: 0o600 })
  }
  return data
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
