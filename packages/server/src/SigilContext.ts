import type { RateLimits } from './http/createRateLimits.js'
import type { ApiKeyCache } from './kms/auth/createApiKeyCache.js'
import type { PostgresApiKeyChangeChannel } from './kms/auth/listenApiKeyChanges.js'
import type { SigningThread } from './kms/signing/startSigningThread.js'
import type { Logger } from './log/createLogger.js'
import type { Mailer } from './mail/createMailer.js'
import type { Metrics } from './observability/createMetrics.js'
import type { ResolvedConfig } from './resolveConfig.js'
import type { SmsSender } from './sms/SmsSender.js'
import type { Store } from './store/createStore.js'
import type { WriteBatcher } from './store/createWriteBatcher.js'
import type { Vault } from './vault/createVault.js'

/** Everything a route needs, built once by `createSigilServer`. */
export type SigilContext = {
  config: ResolvedConfig
  store: Store
  batcher: WriteBatcher
  vault: Vault
  logger: Logger
  /** Id of this server's root organization (parent of every user's sub-organization). */
  rootOrganizationId: string
  /** Uncompressed hex of the P-256 key that signs export bundles (clients pin it). */
  exportSignerPublicKey: string
  /** Vault envelope of the export signer's private key; opened only while an export is made. */
  exportSignerSealedKey: string
  /** Imported WebCrypto keys of API-key stamps, by public key hex (bounded). */
  verifyKeyCache: Map<string, CryptoKey>
  /**
   * API-key rows of recent stamps, forgotten on every change announced by the other processes (docs/deploy.md,
   * "Several instances"). Writes of API keys go through `writing`.
   */
  apiKeyCache: ApiKeyCache
  /** PostgreSQL: the `LISTEN` channel of API-key changes, whose connection `/readyz` reports. */
  apiKeyChanges?: PostgresApiKeyChangeChannel | undefined
  /** Sign-in mail (SMTP, or the dev mailbox). */
  mailer: Mailer
  /** Sign-in texts (the SMS provider, or the dev SMS outbox). */
  sms: SmsSender
  rateLimits: RateLimits
  /** Prometheus metrics of this server (docs/deploy.md#health-and-metrics); hooks add to them. */
  metrics: Metrics
  /** HMAC key for email codes and link tokens at rest. */
  codeHashKey: Uint8Array
  /** Where secp256k1 digests are signed off the event loop; without it they are signed in line. */
  signingThread?: SigningThread | undefined
  now(): number
}
