import { sql } from 'kysely'
import type { SigilContext } from '../SigilContext.js'
import { migrations } from '../store/migrations/migrations.js'

export type ReadinessCheck = 'ok' | 'failed'

export type Readiness = {
  ready: boolean
  checks: {
    database: ReadinessCheck
    migrations: ReadinessCheck
    vault: ReadinessCheck
    /**
     * PostgreSQL only (present when the server listens for API-key changes): whether the `LISTEN`
     * connection is up. Reported, never counted in `ready`: while it is down the API-key cache is bypassed,
     * so answers stay right, only slower (docs/deploy.md#health-and-metrics).
     */
    apiKeyChanges?: ReadinessCheck
  }
}

/** The checks that decide `ready`. */
const requiredChecks = ['database', 'migrations', 'vault'] as const

/** How long the database may take to answer before it counts as unreachable. */
const databaseTimeoutMs = 2000

/**
 * Whether this instance can serve (`GET /readyz`, docs/deploy.md#health-and-metrics): the database answers
 * a query, every migration this build knows has run on it (a newer instance may have run more), and the
 * vault seals and opens a probe. With a PostgreSQL API-key channel, `apiKeyChanges` tells whether its
 * `LISTEN` connection is up, without deciding `ready`. The checks say only ok or failed: no SQL, no error
 * text, no key material.
 *
 * @example
 * const { ready, checks } = await checkReadiness(ctx)
 */
export async function checkReadiness(
  ctx: Pick<SigilContext, 'store' | 'vault' | 'apiKeyChanges'>,
): Promise<Readiness> {
  const [database, applied] = await Promise.all([
    withTimeout(sql`select 1`.execute(ctx.store.db)).then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    withTimeout(sql<{ name: string }>`select name from kysely_migration`.execute(ctx.store.db)).then(
      ({ rows }) => new Set(rows.map((row) => row.name)),
      () => undefined,
    ),
  ])
  const current = applied !== undefined && Object.keys(migrations).every((name) => applied.has(name))
  const checks: Readiness['checks'] = {
    database,
    migrations: current ? 'ok' : 'failed',
    vault: vaultOpens(ctx.vault),
  }
  if (ctx.apiKeyChanges) checks.apiKeyChanges = ctx.apiKeyChanges.live ? 'ok' : 'failed'
  return { ready: isReady(checks), checks }
}

/** True when every check that decides readiness passed (`apiKeyChanges` does not). */
function isReady(checks: Readiness['checks']): boolean {
  return requiredChecks.every((check) => checks[check] === 'ok')
}

function vaultOpens(vault: SigilContext['vault']): ReadinessCheck {
  try {
    const probe = vault.open(vault.seal(new Uint8Array([1]), 'readyz'), 'readyz')
    return probe.length === 1 && probe[0] === 1 ? 'ok' : 'failed'
  } catch {
    return 'failed'
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), databaseTimeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
