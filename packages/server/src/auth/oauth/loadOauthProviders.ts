import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** One OAuth/OIDC provider as written in `sigil.config.json` (`oauthProviders`) or passed in code. */
export type OauthProviderConfig = {
  /** `google`, `apple`, `facebook`, `twitch`, `auth0`, or any id of a custom OIDC provider. */
  id: string
  /** Issuer URL (discovery is `<issuer>/.well-known/openid-configuration`); known ids have a default, except auth0. */
  issuer?: string | undefined
  clientId: string
  clientSecret?: string | undefined
  /** Default: false for the known ids, true for any other id (the SDK's `isCustomProvider`). */
  isCustomProvider?: boolean | undefined
  /** For reference only: the SDK chooses the scope it asks for. */
  scope?: string | undefined
  /** Authorization endpoint given to clients; default the discovered one. */
  authEndpoint?: string | undefined
  /** How the code is exchanged; default `client_secret_post` with a secret, `none` without. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic' | 'none' | undefined
  /**
   * Whether this provider's `email_verified` claim proves the email: a new provider account is then
   * linked to the app's user that proved the email, and a new user gets it as a proven identity.
   * Default true only for `google` and `apple` at their own issuers; false for every other provider.
   */
  trustEmailVerified?: boolean | undefined
}

/** A validated provider, with its issuer and flags filled in. */
export type OauthProvider = {
  id: string
  issuer: string
  clientId: string
  clientSecret: string | undefined
  isCustomProvider: boolean
  scope: string | undefined
  authEndpoint: string | undefined
  tokenEndpointAuthMethod: 'client_secret_post' | 'client_secret_basic' | 'none'
  /** Query parameters added to the discovered authorization endpoint (Apple: `response_mode=form_post`). */
  authEndpointParameters: Record<string, string>
  /** Its `email_verified` claim proves the email (see {@link OauthProviderConfig.trustEmailVerified}). */
  trustEmailVerified: boolean
  /** It sends `email_verified` as the string `"true"` (Apple), which then counts as true. */
  emailVerifiedAsString: boolean
}

export type LoadOauthProvidersParameters = {
  /** Providers passed in code: when given, the file and the environment are not read. */
  providers?: OauthProviderConfig[] | undefined
  /** JSON config file; default `./sigil.config.json` when it exists. */
  configFile?: string | undefined
  env?: Record<string, string | undefined>
  cwd?: string
}

type KnownProvider = {
  issuer?: string
  authEndpointParameters?: Record<string, string>
  /** It verifies the addresses it calls verified (default of `trustEmailVerified` at its own issuer). */
  verifiesEmails?: boolean
  emailVerifiedAsString?: boolean
}

const knownProviders: Record<string, KnownProvider> = {
  // Google verifies the address of a Google account before it sends `email_verified: true`.
  google: { issuer: 'https://accounts.google.com', verifiesEmails: true },
  // Apple's addresses (relays included) are verified by Apple; it sends `email_verified: "true"`.
  apple: {
    issuer: 'https://appleid.apple.com',
    authEndpointParameters: { response_mode: 'form_post' },
    verifiesEmails: true,
    emailVerifiedAsString: true,
  },
  facebook: { issuer: 'https://www.facebook.com' },
  twitch: { issuer: 'https://id.twitch.tv/oauth2' },
  auth0: {},
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

const urlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  } catch {
    return false
  }
}, 'must be an https URL (http only on 127.0.0.1, localhost or [::1])')

const providerSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'id must be letters, digits, _ . - (at most 64)'),
  issuer: urlSchema.optional(),
  clientId: z.string().min(1, 'clientId is required'),
  clientSecret: z.string().min(1).optional(),
  isCustomProvider: z.boolean().optional(),
  scope: z.string().optional(),
  authEndpoint: urlSchema.optional(),
  tokenEndpointAuthMethod: z.enum(['client_secret_post', 'client_secret_basic', 'none']).optional(),
  trustEmailVerified: z.boolean().optional(),
})

const fileSchema = z.object({ oauthProviders: z.array(z.unknown()).optional() })

const envName = (id: string) => id.toUpperCase().replace(/[^A-Z0-9]/g, '_')

function fromEnv(env: Record<string, string | undefined>, configured: Partial<OauthProviderConfig>[]) {
  const byName = new Map(configured.map((provider) => [envName(String(provider.id)), provider]))
  for (const [key, value] of Object.entries(env)) {
    const match = key.match(
      /^SIGIL_OAUTH_([A-Z0-9_]+?)_(ISSUER|CLIENT_ID|CLIENT_SECRET|TRUST_EMAIL_VERIFIED)$/,
    )
    if (!match || !value) continue
    const [, name, field] = match as [string, string, string]
    let provider = byName.get(name)
    if (!provider) {
      provider = { id: name.toLowerCase() }
      byName.set(name, provider)
      configured.push(provider)
    }
    if (field === 'ISSUER') provider.issuer = value
    else if (field === 'TRUST_EMAIL_VERIFIED') {
      if (value !== 'true' && value !== 'false') throw new Error(`${key} must be true or false`)
      provider.trustEmailVerified = value === 'true'
    } else if (field === 'CLIENT_ID') provider.clientId = value
    else provider.clientSecret = value
  }
  return configured
}

function readConfigFile(file: string): unknown[] {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (cause) {
    throw new Error(`cannot read the config file ${file}: ${(cause as Error).message}`, { cause })
  }
  const parsed = fileSchema.safeParse(json)
  if (!parsed.success) throw new Error(`${file}: oauthProviders must be an array`)
  return parsed.data.oauthProviders ?? []
}

/**
 * The OAuth providers this server signs users in with: the ones passed in code, else those of the
 * config file's `oauthProviders`, completed or added to by `SIGIL_OAUTH_<ID>_ISSUER`, `_CLIENT_ID`,
 * `_CLIENT_SECRET` and `_TRUST_EMAIL_VERIFIED`. Throws a readable error for a bad entry (checked at start-up).
 *
 * @example
 * loadOauthProviders({ env: { SIGIL_OAUTH_GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' } })
 * // [{ id: 'google', issuer: 'https://accounts.google.com', isCustomProvider: false, … }]
 */
export function loadOauthProviders(parameters: LoadOauthProvidersParameters = {}): OauthProvider[] {
  const env = parameters.env ?? process.env
  let raw: unknown[]
  if (parameters.providers) raw = parameters.providers
  else {
    const defaultFile = path.resolve(parameters.cwd ?? process.cwd(), 'sigil.config.json')
    const file = parameters.configFile ?? (existsSync(defaultFile) ? defaultFile : undefined)
    raw = fromEnv(env, (file ? readConfigFile(file) : []) as Partial<OauthProviderConfig>[])
  }
  const seen = new Set<string>()
  return raw.map((entry, index) => {
    const parsed = providerSchema.safeParse(entry)
    const label = `oauthProviders[${index}]${(entry as { id?: unknown })?.id ? ` (${(entry as { id: unknown }).id})` : ''}`
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new Error(`${label}: ${issue?.path.join('.') || 'entry'} ${issue?.message ?? 'is invalid'}`)
    }
    const config = parsed.data
    const known = knownProviders[config.id]
    const isCustomProvider = config.isCustomProvider ?? !known
    const issuer = config.issuer ?? (isCustomProvider ? undefined : known?.issuer)
    if (!issuer)
      throw new Error(
        config.id === 'auth0'
          ? `${label}: auth0 needs an issuer, your tenant URL (https://TENANT.auth0.com/)`
          : `${label}: issuer is required for a custom OIDC provider`,
      )
    const key = `${config.id}:${isCustomProvider}`
    if (seen.has(key)) throw new Error(`${label}: the provider ${config.id} is configured twice`)
    seen.add(key)
    // Trusted by default only as the known provider itself, at its own issuer.
    const asKnown = !isCustomProvider && known?.issuer === issuer ? known : undefined
    return {
      id: config.id,
      issuer,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      isCustomProvider,
      scope: config.scope,
      authEndpoint: config.authEndpoint,
      tokenEndpointAuthMethod:
        config.tokenEndpointAuthMethod ?? (config.clientSecret ? 'client_secret_post' : 'none'),
      authEndpointParameters: (!isCustomProvider && known?.authEndpointParameters) || {},
      trustEmailVerified: config.trustEmailVerified ?? asKnown?.verifiesEmails === true,
      emailVerifiedAsString: !isCustomProvider && known?.emailVerifiedAsString === true,
    }
  })
}
