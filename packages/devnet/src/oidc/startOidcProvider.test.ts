import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type OidcProvider, startOidcProvider } from './startOidcProvider.js'

/**
 * The dev login (a real `oidc-provider` on a free port) driven over HTTP as a browser and a relying
 * party do: authorization request with PKCE, its login page, the code, the token exchange.
 */

const client = { clientId: 'sigil-demo', clientSecret: 'secret', redirectUri: 'http://localhost:1/callback' }
let dir: string
let provider: OidcProvider | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigil-dev-login-'))
})
afterEach(async () => {
  await provider?.close()
  provider = undefined
  await rm(dir, { recursive: true, force: true })
})

/** The header (part 0) or the claims (part 1) of a JWT, unverified. */
const jwtPart = (jwt: string, part: 0 | 1) =>
  JSON.parse(Buffer.from(jwt.split('.')[part] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
const decodeJwt = (jwt: string) => jwtPart(jwt, 1)
const decodeProtectedHeader = (jwt: string) => jwtPart(jwt, 0)

/** fetch with one cookie jar and no automatic redirects. */
function createBrowser() {
  const cookies = new Map<string, string>()
  return async (url: string, init: { method?: string; form?: Record<string, string> } = {}) => {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      cookies.set(name.trim(), value.trim())
    }
    return response
  }
}

/** Goes to the authorization endpoint and follows redirects to the login page; returns its URL and HTML. */
async function openLoginPage(browser: ReturnType<typeof createBrowser>, issuer: string) {
  const verifier = randomBytes(32).toString('base64url')
  const authorization = new URL(`${issuer}/auth`)
  for (const [name, value] of Object.entries({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    prompt: 'select_account',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorization.searchParams.set(name, value)
  const redirect = await browser(authorization.href)
  expect(redirect.status).toBe(303)
  const pageUrl = new URL(redirect.headers.get('location')!, issuer).href
  const page = await browser(pageUrl)
  return { pageUrl, status: page.status, html: await page.text(), verifier }
}

/** Submits the login form and follows the provider's redirects to the client's callback; returns the code. */
async function logIn(browser: ReturnType<typeof createBrowser>, pageUrl: string, email: string) {
  let response = await browser(`${pageUrl}/login`, { method: 'POST', form: { email } })
  for (let step = 0; step < 5 && response.status === 303; step++) {
    const location = new URL(response.headers.get('location')!, pageUrl)
    if (location.origin === new URL(client.redirectUri).origin) return location.searchParams
    response = await browser(location.href)
  }
  throw new Error(`no redirect to the client (${response.status}): ${await response.text()}`)
}

async function exchange(issuer: string, code: string, verifier: string) {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { id_token: string }).id_token
}

describe('startOidcProvider (dev login)', () => {
  test('default: the login page says no password is needed; a typed name signs in, with no consent step, and the ID token carries its email and name', async () => {
    provider = await startOidcProvider({ clients: [client] })
    const browser = createBrowser()
    const { pageUrl, status, html, verifier } = await openLoginPage(browser, provider.issuer)
    expect(status).toBe(200)
    expect(html).toContain('no password is needed')
    expect(html).toContain('ada@example.com') // an account to pick until someone has signed in

    const returned = await logIn(browser, pageUrl, 'Ada Lovelace')
    expect(returned.get('state')).toBe('state-1')
    const claims = decodeJwt(await exchange(provider.issuer, returned.get('code')!, verifier))
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: client.clientId,
      sub: 'ada.lovelace@example.com',
      email: 'ada.lovelace@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      nonce: 'nonce-1',
    })
  })

  test('behavior: the provider answers 503 until it has clients; the data file keeps its signing key and the accounts used across starts', async () => {
    const dataFile = join(dir, 'dev-login.json')
    provider = await startOidcProvider({ dataFile })
    expect((await fetch(`${provider.issuer}/.well-known/openid-configuration`)).status).toBe(503)
    provider.setClients([client])
    const discovery = await fetch(`${provider.issuer}/.well-known/openid-configuration`)
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(provider.issuer)

    const browser = createBrowser()
    const { pageUrl, verifier } = await openLoginPage(browser, provider.issuer)
    const returned = await logIn(browser, pageUrl, 'grace@example.com')
    const kid = decodeProtectedHeader(await exchange(provider.issuer, returned.get('code')!, verifier)).kid
    await provider.close()

    provider = await startOidcProvider({ dataFile, clients: [client] })
    const again = await openLoginPage(createBrowser(), provider.issuer)
    expect(again.html).toContain('grace@example.com')
    expect(again.html).not.toContain('Ada Lovelace') // the sample accounts are gone
    const { keys } = (await (await fetch(`${provider.issuer}/jwks`)).json()) as { keys: { kid: string }[] }
    expect(keys.map((key) => key.kid)).toEqual([kid])
    expect(JSON.parse(await readFile(dataFile, 'utf8')).accounts).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com' },
    ])

    // Picking an account (its email) keeps the name it was given; the sample accounts keep theirs.
    for (const [typed, email] of [
      ['Ada Lovelace', 'ada.lovelace@example.com'],
      ['ada.lovelace@example.com', 'ada.lovelace@example.com'],
      ['grace@example.com', 'grace@example.com'],
    ]) {
      const browser = createBrowser()
      const { pageUrl, verifier } = await openLoginPage(browser, provider.issuer)
      const { code } = Object.fromEntries(await logIn(browser, pageUrl, typed!))
      expect(decodeJwt(await exchange(provider.issuer, code!, verifier)).email).toBe(email)
    }
    expect(JSON.parse(await readFile(dataFile, 'utf8')).accounts).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com' },
      { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' },
    ])
  })

  test('error: an empty or unusable entry shows the page again with what to type; Cancel sends the browser back with access_denied', async () => {
    provider = await startOidcProvider({ clients: [client] })
    const browser = createBrowser()
    const { pageUrl } = await openLoginPage(browser, provider.issuer)
    const bad = await browser(`${pageUrl}/login`, { method: 'POST', form: { email: '@@' } })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Type a name (Ada) or an email address (ada@example.com).')

    let response = await browser(`${pageUrl}/abort`)
    for (let step = 0; step < 5 && response.status === 303; step++) {
      const location = new URL(response.headers.get('location')!, pageUrl)
      if (location.origin === new URL(client.redirectUri).origin) {
        expect(location.searchParams.get('error')).toBe('access_denied')
        expect(location.searchParams.get('state')).toBe('state-1')
        return
      }
      response = await browser(location.href)
    }
    throw new Error(`Cancel did not return to the client (${response.status})`)
  })
})
