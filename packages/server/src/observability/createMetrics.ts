import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** What the pool gauges read: a `pg.Pool`'s counts (PostgreSQL only). */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number }

export type CreateMetricsParameters = {
  /** The PostgreSQL pool behind the store, for `sigil_db_pool_*`; none on SQLite. */
  pool?: PoolCounts | undefined
  /** Writes queued for the SQLite writer (or the batcher), for `sigil_db_write_queue_depth`. */
  writeQueueDepth?: (() => number) | undefined
  /** PostgreSQL: whether the API-key change listener is connected, for `sigil_api_key_changes_live`. */
  apiKeyChangesLive?: (() => boolean) | undefined
}

export type Metrics = {
  /** This server's own registry (never prom-client's global one), served on `/metrics`. */
  registry: Registry
  requestDuration: Histogram<'method' | 'route' | 'status'>
  activities: Counter<'type' | 'status'>
  signIns: Counter<'method' | 'outcome'>
  sponsorshipReservations: Counter<'policy'>
  sponsorshipSpendWei: Counter<'policy'>
  rateLimitRefusals: Counter<'limit'>
  sponsorshipSpendLamports: Counter<'policy'>
  /** One reserved sponsorship of `policyId` whose maximum cost is `maxCostWei`. */
  sponsorshipReserved(policyId: string, maxCostWei: bigint): void
  /** One Solana transaction co-signed by the fee payer under `policyId`, paying `feeLamports`. */
  solanaSponsorshipRecorded(policyId: string, feeLamports: bigint): void
}

/**
 * The server's Prometheus metrics (docs/deploy.md#health-and-metrics) on a registry of its own, so two
 * servers in one process (tests) keep their counts apart. Hook points add to them in one line each,
 * through `ctx.metrics`; the pool and queue gauges are read when `/metrics` is scraped.
 *
 * @example
 * const metrics = createMetrics()
 * metrics.activities.inc({ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', status: 'ACTIVITY_STATUS_COMPLETED' })
 * const text = await metrics.registry.metrics()
 */
export function createMetrics(parameters: CreateMetricsParameters = {}): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const requestDuration = new Histogram({
    name: 'sigil_http_request_duration_seconds',
    help: 'HTTP request duration by method, matched route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const activities = new Counter({
    name: 'sigil_activities_total',
    help: 'Activities submitted, by activity type and final status',
    labelNames: ['type', 'status'] as const,
    registers,
  })
  const signIns = new Counter({
    name: 'sigil_sign_ins_total',
    help: 'Sign-in attempts by method and outcome (success, failure, refused)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  })
  const sponsorshipReservations = new Counter({
    name: 'sigil_sponsorship_reservations_total',
    help: 'Gas sponsorships reserved, by policy',
    labelNames: ['policy'] as const,
    registers,
  })
  const sponsorshipSpendWei = new Counter({
    name: 'sigil_sponsorship_spend_wei',
    help: 'Maximum cost in wei of the gas sponsorships reserved, by policy',
    labelNames: ['policy'] as const,
    registers,
  })
  const sponsorshipSpendLamports = new Counter({
    name: 'sigil_sponsorship_spend_lamports',
    help: 'Fees in lamports of the Solana transactions the fee payer co-signed, by policy',
    labelNames: ['policy'] as const,
    registers,
  })
  const rateLimitRefusals = new Counter({
    name: 'sigil_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers,
  })
  const { pool, writeQueueDepth, apiKeyChangesLive } = parameters
  if (pool) {
    const poolGauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool))
        },
      })
    poolGauge('sigil_db_pool_total', 'PostgreSQL pool connections, open', (p) => p.totalCount)
    poolGauge('sigil_db_pool_idle', 'PostgreSQL pool connections, idle', (p) => p.idleCount)
    poolGauge(
      'sigil_db_pool_waiting',
      'Queries waiting for a PostgreSQL pool connection',
      (p) => p.waitingCount,
    )
  }
  if (writeQueueDepth)
    new Gauge({
      name: 'sigil_db_write_queue_depth',
      help: 'Writes queued for the next group commit',
      registers,
      collect() {
        this.set(writeQueueDepth())
      },
    })
  if (apiKeyChangesLive)
    new Gauge({
      name: 'sigil_api_key_changes_live',
      help: 'PostgreSQL: 1 while the API-key change listener is connected, 0 while API keys bypass the cache',
      registers,
      // Workers summed by the primary: the lowest, so 0 when any worker's listener is down.
      aggregator: 'min',
      collect() {
        this.set(apiKeyChangesLive() ? 1 : 0)
      },
    })
  return {
    registry,
    requestDuration,
    activities,
    signIns,
    sponsorshipReservations,
    sponsorshipSpendWei,
    rateLimitRefusals,
    sponsorshipSpendLamports,
    sponsorshipReserved(policyId, maxCostWei) {
      sponsorshipReservations.inc({ policy: policyId })
      // A counter is a double: exact up to 2^53 wei per increment, close enough beyond.
      sponsorshipSpendWei.inc({ policy: policyId }, Number(maxCostWei))
    },
    solanaSponsorshipRecorded(policyId, feeLamports) {
      sponsorshipReservations.inc({ policy: policyId })
      sponsorshipSpendLamports.inc({ policy: policyId }, Number(feeLamports))
    },
  }
}
