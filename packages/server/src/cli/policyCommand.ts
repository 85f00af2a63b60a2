import { parseArgs } from 'node:util'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { disableSponsorPolicy } from '../sponsor/disableSponsorPolicy.js'
import { listSponsorPolicies } from '../sponsor/listSponsorPolicies.js'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'
import { policyJson } from './policyJson.js'

export const policyUsage = `sigil-server policy create --app APP_ID [--name NAME] [--chain ID…] [--max-gas N] [--max-operations-per-sender-per-day N] [--budget-wei N] [--allow-target 0x…] [--expires-at ISO_DATE] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy create --app APP_ID --solana [--name NAME] [--chain solana-localnet…] [--max-lamports N] [--max-transactions-per-user-per-day N] [--allow-program BASE58…] [--expires-at ISO_DATE] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy list [--app APP_ID] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy disable POLICY_ID [--data-dir ./.sigil] [--database-url URL]`

const integer = (value: string | undefined, flag: string) => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got ${value}`)
  return BigInt(value)
}

/** Flags that only gas (EVM) policies take, and those only Solana fee payer policies take. */
const evmFlags = ['max-gas', 'max-operations-per-sender-per-day', 'budget-wei', 'allow-target'] as const
const solanaFlags = ['max-lamports', 'max-transactions-per-user-per-day', 'allow-program'] as const

/**
 * `sigil-server policy create|list|disable`: sponsorship policies of an app, gas (EVM) ones or, with
 * `--solana`, Solana fee payer ones. Each prints JSON (`create` and `disable` the policy, `list` an
 * array); works while a server runs on the same store.
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
      'max-gas': { type: 'string' },
      'max-operations-per-sender-per-day': { type: 'string' },
      'budget-wei': { type: 'string' },
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
  if (subcommand === 'create' && !values.app) throw new Error(`--app is required\nusage: ${policyUsage}`)
  if (subcommand === 'disable' && positionals.length !== 1)
    throw new Error(`policy disable takes one policy id\nusage: ${policyUsage}`)
  if (subcommand === 'create') {
    const [wrong, kind] = values.solana ? [evmFlags, 'gas (EVM)'] : [solanaFlags, 'Solana (--solana)']
    const flag = wrong.find((name) => values[name] !== undefined)
    if (flag) throw new Error(`--${flag} is for ${kind} policies\nusage: ${policyUsage}`)
  }
  const perDay = integer(values['max-operations-per-sender-per-day'], '--max-operations-per-sender-per-day')
  const perUserPerDay = integer(
    values['max-transactions-per-user-per-day'],
    '--max-transactions-per-user-per-day',
  )
  const chainIds = values.solana ? undefined : values.chain?.map((chain) => Number(integer(chain, '--chain')))
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    const now = Date.now()
    if (subcommand === 'list') {
      const policies = await listSponsorPolicies(store.db, { appId: values.app })
      return void console.log(JSON.stringify(policies.map(policyJson)))
    }
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
        allowedPrograms: values['allow-program'],
        expiresAt,
        now,
      })
      return void console.log(JSON.stringify(policyJson(policy)))
    }
    const policy = await createSponsorPolicy(store.db, {
      appId: values.app!,
      name: values.name,
      chainIds,
      maxGasPerOperation: integer(values['max-gas'], '--max-gas'),
      maxOperationsPerSenderPerDay: perDay === undefined ? undefined : Number(perDay),
      budgetWei: integer(values['budget-wei'], '--budget-wei'),
      allowedTargets: values['allow-target'],
      expiresAt,
      now,
    })
    console.log(JSON.stringify(policyJson(policy)))
  } finally {
    await store.close()
  }
}
