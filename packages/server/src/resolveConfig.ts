import path from 'node:path'
import {
  loadOauthProviders,
  type OauthProvider,
  type OauthProviderConfig,
} from './auth/oauth/loadOauthProviders.js'
import type { ChainConfig } from './gateway/ChainConfig.js'
import { loadChains } from './gateway/loadChains.js'
import type { RateLimitBucket } from './http/createRateLimits.js'
import { parseTrustedProxies, type TrustedProxies } from './http/parseTrustedProxies.js'
import type { ApiKeyChangeChannel } from './kms/auth/ApiKeyChangeChannel.js'
import type { Logger, LogLevel } from './log/createLogger.js'
import type { SmsProviderConfig } from './sms/SmsProviderConfig.js'
import type { Store } from './store/createStore.js'

export type SigilServerConfig = {
  /**
   * Local development (`sigil-server start --dev`): turns on the dev mailbox (when no SMTP URL is set) and
   * the localhost passkey defaults. Default false; never on in production (docs/security.md).
   */
  dev?: boolean
  /** Folder for the SQLite database and the master key file. Default `./.sigil` (env `SIGIL_DATA_DIR`). */
  dataDir?: string
  /** `postgres://…` switches the store to PostgreSQL (env `DATABASE_URL`). */
  databaseUrl?: string
  /** An already-open, migrated store (tests); `dataDir`/`databaseUrl` are then only used for the key file. */
  store?: Store
  /**
   * SQLite: run the writes (transactions and their fsync) on a worker thread with its own connection, so
   * the event loop never waits for the disk. Default true; false writes on the event loop's connection.
   */
  sqliteWriterThread?: boolean
  /**
   * Sign secp256k1 digests on a worker thread (off the event loop). Default false: on the 2-vCPU bench
   * machine the hand-off costs more than the signature; true for a machine with cores to spare.
   */
  signingThread?: boolean
  /** Master key (64 hex chars or base64 of 32 bytes); default env `SIGIL_MASTER_KEY`, else `<dataDir>/master.key`. */
  masterKey?: string
  /**
   * Use a `master.key` file that group or others may read or write (refused otherwise). Default
   * `SIGIL_ALLOW_INSECURE_KEY_FILE=1`, else false.
   */
  allowInsecureKeyFile?: boolean
  /** Stamped `timestampMs` older than this is refused. Default 3 600 000 (1 h). */
  maxRequestAgeMs?: number
  /** Stamped `timestampMs` further ahead than this is refused. Default 300 000 (5 min). */
  maxRequestSkewMs?: number
  /** Largest accepted request body. Default 262 144 bytes. */
  maxBodyBytes?: number
  /**
   * Most lamports of fee (signatures plus priority fee) the Solana fee payer pays for one transaction under
   * a policy without its own `--max-lamports`. Default `SIGIL_SOLANA_MAX_FEE_LAMPORTS` or 1 000 000
   * (0.001 SOL); 0 turns the cap off.
   */
  solanaMaxFeeLamports?: number
  /**
   * Highest `maxFeePerGas` (and `maxPriorityFeePerGas`) the paymaster signs for, as a multiple of the
   * gateway's own fee estimate at that moment. Default `SIGIL_SPONSOR_MAX_FEE_MULTIPLIER` or 2.
   */
  sponsorMaxFeeMultiplier?: number
  /**
   * Highest `maxPriorityFeePerGas` the paymaster signs for, as a multiple of the node's priority-fee
   * estimate at that moment (never below 0.1 gwei). Default `SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER` or 2.
   */
  sponsorMaxPriorityFeeMultiplier?: number
  /** Highest `maxFeePerGas` the paymaster ever signs for, wei. Default `SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI` or 500 gwei. */
  sponsorMaxFeePerGasWei?: bigint
  /**
   * How long signed paymaster data stays usable, seconds (its `validUntil`): the worst case stays reserved
   * that long, and a disabled policy stops at most that long after. Default `SIGIL_SPONSOR_VALIDITY_SECONDS` or 120.
   */
  sponsorValiditySeconds?: number
  /**
   * Origins accepted in passkey (WebAuthn) client data besides the apps' allowed origins. Default
   * `SIGIL_WEBAUTHN_ORIGINS`, else (dev mode only) `http://localhost:5173` and `http://localhost:8787`, else none.
   */
  webauthnOrigins?: string[]
  /**
   * Relying-party ids accepted for passkeys besides the apps' host names. Default `SIGIL_WEBAUTHN_RP_IDS`,
   * else (dev mode only) `localhost`, else none.
   */
  webauthnRpIds?: string[]
  /** Name of the root organization created on first start. Default `Sigil`. */
  rootOrganizationName?: string
  /** URL browsers reach this server at (magic links, OAuth callback). Default `SIGIL_PUBLIC_URL` or http://localhost:8787. */
  publicUrl?: string
  /** `smtp://user:pass@host:port` (or `smtps://`): deliver mail over SMTP. Default env `SMTP_URL`. */
  smtpUrl?: string
  /** From address of sign-in mail. Default `SIGIL_MAIL_FROM` or `Sigil <no-reply@localhost>`. */
  mailFrom?: string
  /**
   * Keep mail in the dev mailbox (`/dev/mailbox`, loopback Host only) instead of sending it. Dev mode
   * only (true without `dev` is refused); default in dev mode: on when no SMTP URL is set.
   */
  devMailbox?: boolean
  /**
   * The SMS provider (a Twilio-style HTTP API) for SMS codes. Default from env: `SIGIL_SMS_ACCOUNT_SID`,
   * `SIGIL_SMS_AUTH_TOKEN`, `SIGIL_SMS_FROM` (all three) and `SIGIL_SMS_BASE_URL` (default
   * `https://api.twilio.com`); none: SMS codes cannot be sent (outside dev mode).
   */
  smsProvider?: SmsProviderConfig
  /**
   * Keep text messages in the dev SMS outbox (`/dev/sms`, loopback Host only) instead of sending them.
   * Dev mode only (true without `dev` is refused); default in dev mode: on when no SMS provider is set.
   */
  devSmsOutbox?: boolean
  /** `redis://…`: share rate limits between server instances. Default env `REDIS_URL`; memory otherwise. */
  redisUrl?: string
  /**
   * Reverse proxies (IPv4/IPv6 addresses and CIDRs) whose `X-Forwarded-For` / `Forwarded` headers name
   * the client for per-IP limits. Default `SIGIL_TRUSTED_PROXIES` (comma-separated), else none: the
   * socket address is the client (docs/security.md).
   */
  trustedProxies?: string[]
  /** Life of an email code or link, seconds (at most 600). Default `SIGIL_OTP_LIFETIME_SECONDS` or 300. */
  otpLifetimeSeconds?: number
  /** Longest session a login may ask for (`expirationSeconds`), seconds. Default `SIGIL_MAX_SESSION_SECONDS` or 86400. */
  maxSessionSeconds?: number
  /** JSON config file (OAuth providers). Default `SIGIL_CONFIG` or `./sigil.config.json` when it exists. */
  configFile?: string
  /** OAuth providers (tests, embedding); when given, the config file's and `SIGIL_OAUTH_*` ones are ignored. */
  oauthProviders?: OauthProviderConfig[]
  /** Chains of the RPC gateway (`/rpc/<id>`). Default: the `chainsFile` JSON, else `SIGIL_CHAINS` (JSON), else none. */
  chains?: ChainConfig[]
  /** JSON file of the gateway's chains (`--chains`): an array of chains or `{ "chains": [...] }`. */
  chainsFile?: string
  /**
   * How this process and the others sharing its store tell each other of changed API keys, so each may
   * keep API keys in memory (`--workers`: the cluster's IPC). Default: on PostgreSQL a `LISTEN`/`NOTIFY`
   * channel of the store's schema, which this server opens and closes; on SQLite none. A channel given
   * here is closed by its owner, not by `close()`.
   */
  apiKeyChanges?: ApiKeyChangeChannel
  /** Other rate-limit budgets (load tests and benchmarks only). */
  rateLimits?: Partial<Record<RateLimitBucket, { points: number; duration: number }>>
  /** Folder of the built key-frame pages. Default `SIGIL_FRAME_DIR` or the `@sigil/frame` package's `dist`. */
  frameDir?: string
  logger?: Logger
  logLevel?: LogLevel
  /** Clock, for tests. */
  now?: () => number
  env?: Record<string, string | undefined>
}

export type ResolvedConfig = {
  dev: boolean
  dataDir: string
  databaseUrl: string | undefined
  masterKey: string | undefined
  allowInsecureKeyFile: boolean
  maxRequestAgeMs: number
  maxRequestSkewMs: number
  maxBodyBytes: number
  /** `null`: no cap. */
  solanaMaxFeeLamports: bigint | null
  sponsorMaxFeeMultiplier: number
  sponsorMaxPriorityFeeMultiplier: number
  sponsorMaxFeePerGasWei: bigint
  sponsorValiditySeconds: number
  webauthnOrigins: string[]
  webauthnRpIds: string[]
  rootOrganizationName: string
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  devMailbox: boolean
  smsProvider: SmsProviderConfig | undefined
  devSmsOutbox: boolean
  redisUrl: string | undefined
  trustedProxies: TrustedProxies
  otpLifetimeSeconds: number
  maxSessionSeconds: number
  configFile: string | undefined
  oauthProviders: OauthProvider[]
  chains: ChainConfig[]
}

/** Passkey origins accepted in dev mode when none are configured: the demo and the server itself. */
export const devWebauthnOrigins = ['http://localhost:5173', 'http://localhost:8787']

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/**
 * Fills every option of {@link SigilServerConfig} from the config, then the environment, then defaults.
 *
 * @example
 * resolveConfig({ dataDir: '/var/lib/sigil' }).maxRequestAgeMs // 3600000
 */
export function resolveConfig(config: SigilServerConfig = {}): ResolvedConfig {
  const env = config.env ?? process.env
  const number = (value: number | undefined, name: string, fallback: number) => {
    const raw = value ?? (env[name] ? Number(env[name]) : undefined)
    if (raw === undefined) return fallback
    if (!Number.isFinite(raw) || raw < 0) throw new Error(`${name} must be a non-negative number`)
    return raw
  }
  const smtpUrl = config.smtpUrl ?? (env.SMTP_URL || undefined)
  const dev = config.dev === true
  if (config.devMailbox === true && !dev)
    throw new Error(
      'devMailbox needs dev mode (dev: true, sigil-server start --dev): the dev mailbox shows sign-in codes to whoever can reach it',
    )
  if (config.devSmsOutbox === true && !dev)
    throw new Error(
      'devSmsOutbox needs dev mode (dev: true, sigil-server start --dev): the dev SMS outbox shows sign-in codes to whoever can reach it',
    )
  const smsProvider =
    config.smsProvider ??
    (env.SIGIL_SMS_ACCOUNT_SID && env.SIGIL_SMS_AUTH_TOKEN && env.SIGIL_SMS_FROM
      ? {
          baseUrl: env.SIGIL_SMS_BASE_URL || 'https://api.twilio.com',
          accountSid: env.SIGIL_SMS_ACCOUNT_SID,
          authToken: env.SIGIL_SMS_AUTH_TOKEN,
          from: env.SIGIL_SMS_FROM,
        }
      : undefined)
  const solanaMaxFeeLamports = number(config.solanaMaxFeeLamports, 'SIGIL_SOLANA_MAX_FEE_LAMPORTS', 1_000_000)
  if (!Number.isSafeInteger(solanaMaxFeeLamports))
    throw new Error('SIGIL_SOLANA_MAX_FEE_LAMPORTS must be a whole number of lamports')
  const sponsorMaxFeeMultiplier = number(
    config.sponsorMaxFeeMultiplier,
    'SIGIL_SPONSOR_MAX_FEE_MULTIPLIER',
    2,
  )
  if (sponsorMaxFeeMultiplier < 1 || sponsorMaxFeeMultiplier > 100)
    throw new Error('SIGIL_SPONSOR_MAX_FEE_MULTIPLIER must be between 1 and 100')
  const sponsorMaxPriorityFeeMultiplier = number(
    config.sponsorMaxPriorityFeeMultiplier,
    'SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER',
    2,
  )
  if (sponsorMaxPriorityFeeMultiplier < 1 || sponsorMaxPriorityFeeMultiplier > 100)
    throw new Error('SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER must be between 1 and 100')
  const maxFeeText = env.SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI
  if (maxFeeText !== undefined && !/^[1-9]\d{0,30}$/.test(maxFeeText))
    throw new Error('SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI must be a positive whole number of wei')
  const sponsorMaxFeePerGasWei =
    config.sponsorMaxFeePerGasWei ?? (maxFeeText ? BigInt(maxFeeText) : 500_000_000_000n)
  const sponsorValiditySeconds = number(config.sponsorValiditySeconds, 'SIGIL_SPONSOR_VALIDITY_SECONDS', 120)
  if (
    !Number.isSafeInteger(sponsorValiditySeconds) ||
    sponsorValiditySeconds < 10 ||
    sponsorValiditySeconds > 3600
  )
    throw new Error('SIGIL_SPONSOR_VALIDITY_SECONDS must be a whole number from 10 to 3600')
  const otpLifetimeSeconds = number(config.otpLifetimeSeconds, 'SIGIL_OTP_LIFETIME_SECONDS', 300)
  if (otpLifetimeSeconds < 30 || otpLifetimeSeconds > 600)
    throw new Error('SIGIL_OTP_LIFETIME_SECONDS must be between 30 and 600 (10 minutes)')
  return {
    dev,
    dataDir: path.resolve(config.dataDir ?? env.SIGIL_DATA_DIR ?? '.sigil'),
    databaseUrl: config.databaseUrl ?? (env.DATABASE_URL || undefined),
    masterKey: config.masterKey ?? (env.SIGIL_MASTER_KEY || undefined),
    allowInsecureKeyFile: config.allowInsecureKeyFile ?? env.SIGIL_ALLOW_INSECURE_KEY_FILE === '1',
    maxRequestAgeMs: number(config.maxRequestAgeMs, 'SIGIL_MAX_REQUEST_AGE_MS', 3_600_000),
    maxRequestSkewMs: number(config.maxRequestSkewMs, 'SIGIL_MAX_REQUEST_SKEW_MS', 300_000),
    maxBodyBytes: number(config.maxBodyBytes, 'SIGIL_MAX_BODY_BYTES', 262_144),
    solanaMaxFeeLamports: solanaMaxFeeLamports === 0 ? null : BigInt(solanaMaxFeeLamports),
    sponsorMaxFeeMultiplier,
    sponsorMaxPriorityFeeMultiplier,
    sponsorMaxFeePerGasWei,
    sponsorValiditySeconds,
    // The localhost defaults only in dev mode: in production a passkey's origin and RP id come from the
    // operator's list and the apps' allowed origins, never from a page someone serves on localhost.
    webauthnOrigins:
      config.webauthnOrigins ?? list(env.SIGIL_WEBAUTHN_ORIGINS) ?? (dev ? devWebauthnOrigins : []),
    webauthnRpIds: config.webauthnRpIds ?? list(env.SIGIL_WEBAUTHN_RP_IDS) ?? (dev ? ['localhost'] : []),
    rootOrganizationName: config.rootOrganizationName ?? 'Sigil',
    publicUrl: (config.publicUrl ?? env.SIGIL_PUBLIC_URL ?? 'http://localhost:8787').replace(/\/+$/, ''),
    smtpUrl,
    mailFrom: config.mailFrom ?? env.SIGIL_MAIL_FROM ?? 'Sigil <no-reply@localhost>',
    devMailbox: dev && (config.devMailbox ?? !smtpUrl),
    smsProvider,
    devSmsOutbox: dev && (config.devSmsOutbox ?? !smsProvider),
    redisUrl: config.redisUrl ?? (env.REDIS_URL || undefined),
    trustedProxies: parseTrustedProxies(config.trustedProxies ?? env.SIGIL_TRUSTED_PROXIES),
    otpLifetimeSeconds,
    maxSessionSeconds: number(config.maxSessionSeconds, 'SIGIL_MAX_SESSION_SECONDS', 86_400),
    configFile: config.configFile ?? (env.SIGIL_CONFIG || undefined),
    oauthProviders: loadOauthProviders({
      providers: config.oauthProviders,
      configFile: config.configFile ?? (env.SIGIL_CONFIG || undefined),
      env,
    }),
    chains: loadChains({ chains: config.chains, chainsFile: config.chainsFile, env }),
  }
}
