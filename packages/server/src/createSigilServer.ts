import { createServer as createHttpServer, type RequestListener, type ServerOptions } from 'node:http'
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, signerErrorCodes } from '@sigil/protocol'
import { Hono } from 'hono'
import { magicLinkLanding } from './auth/email/index.js'
import { createOauthCallbackHandler } from './auth/oauth/index.js'
import { createFrameRoutes } from './frame/createFrameRoutes.js'
import { resolveFrameDir } from './frame/resolveFrameDir.js'
import { createRateLimits } from './http/createRateLimits.js'
import { ApiError } from './http/errors/ApiError.js'
import { handleError, renderError } from './http/handleError.js'
import { limitBody } from './http/limitBody.js'
import { publicApiCors } from './http/publicApiCors.js'
import { requestId } from './http/requestId.js'
import { createApiKeyCache } from './kms/auth/createApiKeyCache.js'
import { listenApiKeyChanges, type PostgresApiKeyChangeChannel } from './kms/auth/listenApiKeyChanges.js'
import { createPublicApiRoutes } from './kms/createPublicApiRoutes.js'
import { startSigningThread } from './kms/signing/startSigningThread.js'
import { signRawPayloadListener } from './kms/signRawPayloadListener.js'
import { exportSignerKeyName } from './kms/wallets/sealExportBundle.js'
import { createLogger } from './log/createLogger.js'
import { resolveLogFormat } from './log/resolveLogFormat.js'
import { resolveLogLevel } from './log/resolveLogLevel.js'
import { createMailer } from './mail/createMailer.js'
import { devMailboxRoutes } from './mail/devMailboxRoutes.js'
import { createOwnerVoteRoutes } from './multiOwner/index.js'
import { createMetrics } from './observability/createMetrics.js'
import { healthRoutes } from './observability/healthRoutes.js'
import { measureRequests } from './observability/measureRequests.js'
import { resolveConfig, type SigilServerConfig } from './resolveConfig.js'
import { createRpcRoutes } from './rpc/createRpcRoutes.js'
import { type SolanaWebsocketGateway, solanaWebsocketGateway } from './rpc/solanaWebsocketGateway.js'
import type { SigilContext } from './SigilContext.js'
import { ensureRootOrganization } from './setup/ensureRootOrganization.js'
import { ensureServerSecret } from './setup/ensureServerSecret.js'
import { openVault } from './setup/openVault.js'
import { signerRoutes } from './signerRoutes.js'
import { createSignerRoutes } from './signin/index.js'
import { createSmsSender } from './sms/createSmsSender.js'
import { devSmsOutboxRoutes } from './sms/devSmsOutboxRoutes.js'
import { startSolanaSponsorshipSettlement } from './sponsor/solana/startSolanaSponsorshipSettlement.js'
import { startSponsorshipSettlement } from './sponsor/startSponsorshipSettlement.js'
import { createStore } from './store/createStore.js'
import { createWriteBatcher } from './store/createWriteBatcher.js'
import { migrateToLatest } from './store/migrateToLatest.js'
import { startSqliteWriter } from './store/startSqliteWriter.js'
import { ensureServerKey } from './vault/ensureServerKey.js'

export type SigilServer = Hono & {
  /** Everything the routes use; handy for tests and the CLI. */
  sigil: SigilContext
  /**
   * The Solana websocket of the RPC gateway (`/rpc/solana-…` upgrades): `websockets.attach(server)` on
   * the Node listener that serves `fetch`, since Hono answers plain HTTP only.
   */
  websockets: SolanaWebsocketGateway
  /**
   * The Node listener's `createServer`: `serve({ fetch: app.fetch, createServer: app.createServer })`. It puts
   * the signing hot path (`kms/signRawPayloadListener.ts`) in front of Hono's listener.
   */
  createServer: typeof createHttpServer
  /** Waits for queued writes, then closes the store (unless it was passed in). */
  close(): Promise<void>
}

/**
 * Builds the Sigil server: opens and migrates the store, opens the vault, makes sure the root
 * organization and the export signer key exist, and returns the Hono app.
 *
 * @example
 * const app = await createSigilServer({ dataDir: '.sigil' })
 * app.websockets.attach(serve({ fetch: app.fetch, createServer: app.createServer, port: 8787 }) as Server)
 */
export async function createSigilServer(config: SigilServerConfig = {}): Promise<SigilServer> {
  const resolved = resolveConfig(config)
  const logger =
    config.logger ??
    createLogger({
      level: config.logLevel ?? resolveLogLevel(),
      format: resolveLogFormat(config.dev === true),
    })
  const now = config.now ?? Date.now
  const store =
    config.store ??
    (await createStore({
      dataDir: resolved.dataDir,
      databaseUrl: resolved.databaseUrl,
      warn: (message) => logger.warn(message),
    }))
  // Threads started below; stopped again if start-up fails after them.
  let writer: Awaited<ReturnType<typeof startSqliteWriter>> | undefined
  let signingThread: Awaited<ReturnType<typeof startSigningThread>> | undefined
  let ownApiKeyChanges: PostgresApiKeyChangeChannel | undefined
  try {
    await migrateToLatest(store.db)
    const vault = await openVault({
      dataDir: resolved.dataDir,
      masterKey: resolved.masterKey,
      logger,
      allowInsecureKeyFile: resolved.allowInsecureKeyFile,
    })
    const root = await ensureRootOrganization(store.db, { name: resolved.rootOrganizationName, now: now() })
    // The export signer: a P-256 key whose public form is its uncompressed point (hex).
    const exportSigner = await ensureServerKey(store.db, vault, {
      name: exportSignerKeyName,
      generate: () => {
        const privateKey = p256.utils.randomSecretKey()
        return { privateKey, publicKey: bytesToHex(p256.getPublicKey(privateKey, false)) }
      },
      now: now(),
    })
    const codeHashKey = await ensureServerSecret(store.db, vault, { name: 'email-code-hmac', now: now() })
    // SQLite: writes (and their fsync) on a thread of their own; the event loop only reads.
    if (store.dialect === 'sqlite' && store.filename && config.sqliteWriterThread !== false)
      writer = await startSqliteWriter({ filename: store.filename })
    const batcher = createWriteBatcher(store, { writer })
    // secp256k1 signatures on the event loop unless asked otherwise: on the 2-vCPU bench machine the
    // thread's hand-off cost more than the signature (5,046-5,765 vs 5,593-6,320 req/s, bench/README.md).
    if (config.signingThread === true) signingThread = await startSigningThread()
    // PostgreSQL: instances tell each other of changed API keys, so each may keep them in memory.
    if (!config.apiKeyChanges && store.dialect === 'postgres' && store.pool)
      ownApiKeyChanges = await listenApiKeyChanges({
        pool: store.pool,
        onStatus: ({ live, error }) =>
          live
            ? logger.info('API-key change listener is listening again')
            : logger.warn('API-key change listener lost its connection: API keys are read from the store', {
                error: error instanceof Error ? error.message : String(error),
              }),
      })
    const apiKeyChanges = config.apiKeyChanges ?? ownApiKeyChanges
    // The PostgreSQL channel, own or given, whose connection /readyz and a gauge report.
    const listening =
      apiKeyChanges && 'channelName' in apiKeyChanges
        ? (apiKeyChanges as PostgresApiKeyChangeChannel)
        : undefined
    const metrics = createMetrics({
      pool: store.pool,
      writeQueueDepth: () => batcher.queued(),
      apiKeyChangesLive: listening && (() => listening.live),
    })
    const ctx: SigilContext = {
      config: resolved,
      store,
      batcher,
      vault,
      logger,
      rootOrganizationId: root.organizationId,
      exportSignerPublicKey: exportSigner.publicKey,
      exportSignerSealedKey: exportSigner.sealedPrivateKey,
      verifyKeyCache: new Map(),
      // Without a channel only a SQLite store is this process's alone; PostgreSQL may have other instances.
      apiKeyCache: createApiKeyCache({ channel: apiKeyChanges, shared: store.dialect !== 'sqlite' }),
      apiKeyChanges: listening,
      mailer: createMailer({
        batcher,
        logger,
        from: resolved.mailFrom,
        smtpUrl: resolved.smtpUrl,
        devMailbox: resolved.devMailbox,
        now,
      }),
      sms: createSmsSender({
        batcher,
        logger,
        provider: resolved.smsProvider,
        devSmsOutbox: resolved.devSmsOutbox,
        now,
      }),
      rateLimits: createRateLimits({
        redisUrl: resolved.redisUrl,
        overrides: config.rateLimits,
        onRefused: (limit) => metrics.rateLimitRefusals.inc({ limit }),
      }),
      metrics,
      codeHashKey,
      signingThread,
      now,
    }

    const app = new Hono()
    app.use('*', measureRequests(metrics))
    app.use('*', requestId(logger))
    app.onError(handleError(logger))
    app.notFound((c) =>
      c.json(
        renderError(
          c,
          new ApiError('NOT_FOUND', `no route for ${c.req.method} ${c.req.path}`, {
            errorCode: signerErrorCodes.NOT_FOUND,
          }),
        ),
        404,
      ),
    )
    app.get('/health', (c) => c.json({ status: 'ok' }))
    app.route('/', healthRoutes(ctx))
    app.use('/public/v1/*', publicApiCors(), limitBody(resolved.maxBodyBytes))
    // The votes of multi-owner organizations' owners (docs/multi-owner.md), before the generic submit.
    app.route('/public/v1/submit', createOwnerVoteRoutes(ctx))
    app.route('/public/v1', createPublicApiRoutes(ctx))
    app.route('/frame', createFrameRoutes(ctx, config.frameDir ?? resolveFrameDir()))
    app.get('/signer/v1/magic-link', magicLinkLanding(ctx))
    app.use('/signer/*', limitBody(resolved.maxBodyBytes))
    app.on(['GET', 'POST'], '/signer/v1/oauth/callback', createOauthCallbackHandler(ctx))
    app.route('/signer', createSignerRoutes(ctx, signerRoutes))
    app.use('/rpc/*', limitBody(resolved.maxBodyBytes))
    app.route('/rpc', createRpcRoutes(ctx))
    if (resolved.devMailbox) app.route('/dev', devMailboxRoutes(ctx))
    if (resolved.devSmsOutbox) app.route('/dev', devSmsOutboxRoutes(ctx))
    // Reserved sponsorships become real costs, or are released after their validUntil.
    const settlement = resolved.chains.some((chain) => chain.type !== 'solana')
      ? startSponsorshipSettlement(ctx)
      : undefined
    // Solana quotes become the fee their transaction paid, or are released once their blockhash expired.
    const solanaSettlement = resolved.chains.some((chain) => chain.type === 'solana')
      ? startSolanaSponsorshipSettlement(ctx)
      : undefined

    const websockets = solanaWebsocketGateway(ctx)

    return Object.assign(app, {
      sigil: ctx,
      websockets,
      // `serve` calls it as `createServer(serverOptions, requestListener)`.
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createHttpServer(options, signRawPayloadListener(ctx, listener))) as typeof createHttpServer,
      async close() {
        await websockets.close()
        await settlement?.stop()
        await solanaSettlement?.stop()
        await ctx.batcher.close()
        await ctx.signingThread?.close()
        ctx.mailer.close()
        await ctx.rateLimits.close()
        ctx.apiKeyCache.close()
        await ownApiKeyChanges?.close()
        if (!config.store) await store.close()
      },
    })
  } catch (error) {
    await writer?.close()
    await signingThread?.close()
    await ownApiKeyChanges?.close()
    if (!config.store) await store.close()
    throw error
  }
}
