import path from 'node:path'
import type { Logger, LogLevel } from './log/createLogger.js'
import type { Store } from './store/createStore.js'

export type SigilServerConfig = {
  /** Folder for the SQLite database and the master key file. Default `./.sigil` (env `SIGIL_DATA_DIR`). */
  dataDir?: string
  /** `postgres://…` switches the store to PostgreSQL (env `DATABASE_URL`). */
  databaseUrl?: string
  /** An already-open, migrated store (tests); `dataDir`/`databaseUrl` are then only used for the key file. */
  store?: Store
  /** Master key (64 hex chars or base64 of 32 bytes); default env `SIGIL_MASTER_KEY`, else `<dataDir>/master.key`. */
  masterKey?: string
  /** Stamped `timestampMs` older than this is refused. Default 3 600 000 (1 h). */
  maxRequestAgeMs?: number
  /** Stamped `timestampMs` further ahead than this is refused. Default 300 000 (5 min). */
  maxRequestSkewMs?: number
  /** Largest accepted request body. Default 262 144 bytes. */
  maxBodyBytes?: number
  /** Origins accepted in passkey (WebAuthn) client data. Default `SIGIL_WEBAUTHN_ORIGINS` or localhost. */
  webauthnOrigins?: string[]
  /** Relying-party ids accepted for passkeys. Default `SIGIL_WEBAUTHN_RP_IDS` or `localhost`. */
  webauthnRpIds?: string[]
  /** Name of the root organization created on first start. Default `Sigil`. */
  rootOrganizationName?: string
  logger?: Logger
  logLevel?: LogLevel
  /** Clock, for tests. */
  now?: () => number
  env?: Record<string, string | undefined>
}

export type ResolvedConfig = {
  dataDir: string
  databaseUrl: string | undefined
  masterKey: string | undefined
  maxRequestAgeMs: number
  maxRequestSkewMs: number
  maxBodyBytes: number
  webauthnOrigins: string[]
  webauthnRpIds: string[]
  rootOrganizationName: string
}

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
  return {
    dataDir: path.resolve(config.dataDir ?? env.SIGIL_DATA_DIR ?? '.sigil'),
    databaseUrl: config.databaseUrl ?? (env.DATABASE_URL || undefined),
    masterKey: config.masterKey ?? (env.SIGIL_MASTER_KEY || undefined),
    maxRequestAgeMs: number(config.maxRequestAgeMs, 'SIGIL_MAX_REQUEST_AGE_MS', 3_600_000),
    maxRequestSkewMs: number(config.maxRequestSkewMs, 'SIGIL_MAX_REQUEST_SKEW_MS', 300_000),
    maxBodyBytes: number(config.maxBodyBytes, 'SIGIL_MAX_BODY_BYTES', 262_144),
    webauthnOrigins: config.webauthnOrigins ??
      list(env.SIGIL_WEBAUTHN_ORIGINS) ?? ['http://localhost:5173', 'http://localhost:8787'],
    webauthnRpIds: config.webauthnRpIds ?? list(env.SIGIL_WEBAUTHN_RP_IDS) ?? ['localhost'],
    rootOrganizationName: config.rootOrganizationName ?? 'Sigil',
  }
}
