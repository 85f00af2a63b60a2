import { parseArgs } from 'node:util'
import { loadChains } from '../gateway/loadChains.js'
import { createLogger } from '../log/createLogger.js'
import { createSponsorPolicy, defaultMaxGasPerOperation } from '../sponsor/createSponsorPolicy.js'
import { disableSponsorPolicy } from '../sponsor/disableSponsorPolicy.js'
import { listSponsorPolicies } from '../sponsor/listSponsorPolicies.js'
import { readPolicySpending } from '../sponsor/readPolicySpending.js'
import { settleSponsorships } from '../sponsor/settleSponsorships.js'
import { sigilAccountFactories } from '../sponsor/sigilAccountFactories.js'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { readSolanaPolicySpending } from '../sponsor/solana/readSolanaPolicySpending.js'
import { settleSolanaSponsorships } from '../sponsor/solana/settleSolanaSponsorships.js'
import { createStore } from '../store/createStore.js'
import { createWriteBatcher } from '../store/createWriteBatcher.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import type { SponsorAudience, SponsorBudgetPeriod } from '../store/sponsorSchema.js'
import { policyUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'
import { policyJson } from './policyJson.js'
import { readPaymasterDeposits } from './readPaymasterDeposits.js'

/** A percent with at most two decimals, as basis points (`'2.5'` → 250). */
const percent = (value: string | undefined, flag: string) => {
  if (value === undefined) return undefined
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(value)
  const bps = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0
  if (bps < 1 || bps > 10_000) throw new Error(`${flag} must be a percent from 0.01 to 100, got ${value}`)
  return bps
}

const integer = (value: string | undefined, flag: string) => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got ${value}`)
  return BigInt(value)
}

/** Flags that only gas (EVM) policies take, and those only Solana fee payer policies take. */
const evmFlags = [
  'max-gas',
  'max-operations-per-sender-per-day',
  'allow-target',
  'max-cost-wei',
  'allow-factory',
  'any-sender',
  'max-reserved-share-per-user',
] as const
const solanaFlags = ['max-lamports', 'max-transactions-per-user-per-day', 'allow-program'] as const

/**
 * `sigil-server policy create|list|disable`: sponsorship policies of an app, gas (EVM) ones or, with
 * `--solana`, Solana fee payer ones. Each prints JSON (`create` and `disable` the policy, `list` an
 * array, with each gas policy's spent, reserved and remaining budget and its paymasters' deposits);
 * works while a server runs on the same store. Warnings go to stderr.
 */
export async function policyCommand(args: string[]): Promise<void> {
  const [subcommand, ...rest] = args
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      ...commonOptions,
      app: { type: 'string' },
      name: { type: 'string' },
      chain: { type: 'string', multiple: true },
      chains: { type: 'string' },
      'max-gas': { type: 'string' },
      'max-operations-per-sender-per-day': { type: 'string' },
      budget: { type: 'string' },
      'budget-wei': { type: 'string' },
      unlimited: { type: 'boolean' },
      'budget-period': { type: 'string' },
      'budget-per-user': { type: 'string' },
      'max-cost-wei': { type: 'string' },
      'max-reserved-share-per-user': { type: 'string' },
      audience: { type: 'string' },
      'allow-factory': { type: 'string', multiple: true },
      'any-sender': { type: 'boolean' },
      'allow-target': { type: 'string', multiple: true },
      'expires-at': { type: 'string' },
      solana: { type: 'boolean' },
      'max-lamports': { type: 'string' },
      'max-transactions-per-user-per-day': { type: 'string' },
      'allow-program': { type: 'string', multiple: true },
    },
    allowPositionals: subcommand === 'disable',
    strict: true,
  })
  if (values.help || !['create', 'list', 'disable'].includes(subcommand ?? ''))
    return void console.log(`Usage:\n  ${policyUsage}`)
  let expiresAt: number | undefined
  if (values['expires-at'] !== undefined) {
    expiresAt = Date.parse(values['expires-at'])
    if (Number.isNaN(expiresAt))
      throw new Error(`--expires-at must be a date (ISO 8601), got ${values['expires-at']}`)
  }
  if (subcommand === 'disable' && positionals.length !== 1)
    throw new Error(`policy disable takes one policy id\nusage: ${policyUsage}`)
  let budget: bigint | undefined
  if (subcommand === 'create') {
    if (!values.app) throw new Error(`--app is required\nusage: ${policyUsage}`)
    const [wrong, kind] = values.solana ? [evmFlags, 'gas (EVM)'] : [solanaFlags, 'Solana (--solana)']
    const flag = wrong.find((name) => values[name] !== undefined)
    if (flag) throw new Error(`--${flag} is for ${kind} policies\nusage: ${policyUsage}`)
    if (values.budget !== undefined && values['budget-wei'] !== undefined)
      throw new Error('--budget-wei is another name for --budget: give one of them')
    budget = integer(values.budget ?? values['budget-wei'], values.budget ? '--budget' : '--budget-wei')
    if (budget === undefined && !values.unlimited)
      throw new Error(
        `a policy needs --budget ${values.solana ? 'LAMPORTS' : 'WEI'} (the most it may spend per --budget-period) or --unlimited\nusage: ${policyUsage}`,
      )
    if (budget !== undefined && values.unlimited)
      throw new Error('--budget and --unlimited exclude each other')
    if (values['allow-factory'] && values['any-sender'])
      throw new Error('--allow-factory and --any-sender exclude each other')
  }
  const perDay = integer(values['max-operations-per-sender-per-day'], '--max-operations-per-sender-per-day')
  const perUserPerDay = integer(
    values['max-transactions-per-user-per-day'],
    '--max-transactions-per-user-per-day',
  )
  const budgetPerUser = integer(values['budget-per-user'], '--budget-per-user')
  const reservedShare = percent(values['max-reserved-share-per-user'], '--max-reserved-share-per-user')
  const budgetPeriod = values['budget-period'] as SponsorBudgetPeriod | undefined
  const audience = (values.audience ?? 'signed-in') as SponsorAudience
  const chainIds = values.solana ? undefined : values.chain?.map((chain) => Number(integer(chain, '--chain')))
  const chains = subcommand === 'list' ? loadChains({ chainsFile: values.chains, env: process.env }) : []
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    const now = Date.now()
    if (subcommand === 'list') return void console.log(JSON.stringify(await listPolicies()))
    if (subcommand === 'disable') {
      const policy = await disableSponsorPolicy(store.db, { policyId: positionals[0]!, now })
      return void console.log(JSON.stringify(policyJson(policy)))
    }
    if (values.solana) {
      const policy = await createSolanaSponsorPolicy(store.db, {
        appId: values.app!,
        name: values.name,
        chains: values.chain,
        maxLamportsPerTransaction: integer(values['max-lamports'], '--max-lamports'),
        maxTransactionsPerUserPerDay: perUserPerDay === undefined ? undefined : Number(perUserPerDay),
        budgetLamports: budget,
        budgetPerUserLamports: budgetPerUser,
        budgetPeriod,
        audience,
        allowedPrograms: values['allow-program'],
        expiresAt,
        now,
      })
      warnIfUnlimited()
      return void console.log(JSON.stringify(policyJson(policy)))
    }
    const policy = await createSponsorPolicy(store.db, {
      appId: values.app!,
      name: values.name,
      chainIds,
      maxGasPerOperation: integer(values['max-gas'], '--max-gas') ?? defaultMaxGasPerOperation,
      maxOperationsPerSenderPerDay: perDay === undefined ? undefined : Number(perDay),
      budgetWei: budget,
      budgetPerUserWei: budgetPerUser,
      budgetPeriod,
      maxCostWeiPerOperation: integer(values['max-cost-wei'], '--max-cost-wei'),
      maxReservedSharePerUserBps: reservedShare,
      audience,
      senderFactories: values['any-sender']
        ? undefined
        : (values['allow-factory'] ?? [...sigilAccountFactories]),
      allowedTargets: values['allow-target'],
      expiresAt,
      now,
    })
    warnIfUnlimited()
    console.log(JSON.stringify(policyJson(policy)))
  } finally {
    await store.close()
  }

  function warnIfUnlimited() {
    if (values.unlimited)
      console.error(
        'sigil-server: warning: this policy has no budget (--unlimited): only its other limits bound what it spends',
      )
  }

  /** Settles what the chains can tell, then each policy with its spending and paymaster deposits. */
  async function listPolicies() {
    const logger = createLogger({ level: 'warn', format: 'text' })
    const now = Date.now()
    if (chains.some((chain) => chain.type !== 'solana')) {
      const writes = createWriteBatcher(store)
      try {
        await settleSponsorships({ db: store.db, writes, chains, logger, now })
      } finally {
        await writes.close()
      }
    }
    if (chains.some((chain) => chain.type === 'solana')) {
      const writes = createWriteBatcher(store)
      try {
        await settleSolanaSponsorships({ db: store.db, writes, chains, logger, now })
      } finally {
        await writes.close()
      }
    }
    const policies = await listSponsorPolicies(store.db, { appId: values.app })
    const deposits = await readPaymasterDeposits(chains, logger)
    return Promise.all(
      policies.map(async (policy) => {
        if (policy.kind === 'solana')
          return policyJson(policy, { solanaSpending: await readSolanaPolicySpending(store.db, policy, now) })
        const spending = await readPolicySpending(store.db, policy, now)
        const paymasterDeposits = deposits.filter(
          (deposit) => !policy.chainIds || policy.chainIds.includes(deposit.chainId),
        )
        return policyJson(policy, { spending, paymasterDeposits })
      }),
    )
  }
}
