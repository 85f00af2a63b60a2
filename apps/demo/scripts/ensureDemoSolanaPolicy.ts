import { type RunServerCliParameters, runServerCli } from './runServerCli.js'

export type EnsureDemoSolanaPolicyParameters = RunServerCliParameters & {
  dataDir: string
  appId: string
}

type PolicyJson = {
  policyId: string
  kind: 'evm' | 'solana'
  name: string | null
  chainIds: (number | string)[] | null
  budgetLamports?: string | null
  disabledAt: string | null
  audience?: string
}

/** The gateway's id for the local Solana runtime (`/rpc/solana-localnet`). */
export const demoSolanaChainId = 'solana-localnet'

/** The name of the Solana policy `npm start` makes for the demo; a second start finds and reuses it. */
export const demoSolanaPolicyName = 'Demo Solana sponsorship'

/**
 * The dev app's Solana fee payer policy for the local runtime: the active 'Demo Solana sponsorship'
 * policy when the data dir has one, else a new one (`sigil-server policy create --solana`: the local
 * runtime only, at most 25 transactions per user per day, 50,000 lamports of fees per transaction and 0.1 SOL
 * of fees per day).
 * Returns its id.
 *
 * @example
 * const policyId = await ensureDemoSolanaPolicy({ repositoryRoot, dataDir, appId })
 */
export async function ensureDemoSolanaPolicy(parameters: EnsureDemoSolanaPolicyParameters): Promise<string> {
  const { dataDir, appId } = parameters
  const store = ['--data-dir', dataDir]
  const policies = await runServerCli<PolicyJson[]>(parameters, ['policy', 'list', '--app', appId, ...store])
  const existing = policies.find(
    (policy) =>
      policy.kind === 'solana' &&
      policy.name === demoSolanaPolicyName &&
      policy.disabledAt === null &&
      // A policy of an older Sigil without a budget is replaced by one with.
      Boolean(policy.budgetLamports) &&
      policy.audience === 'signed-in' &&
      (policy.chainIds ?? []).includes(demoSolanaChainId),
  )
  if (existing) return existing.policyId
  const created = await runServerCli<PolicyJson>(parameters, [
    'policy',
    'create',
    '--app',
    appId,
    '--solana',
    '--name',
    demoSolanaPolicyName,
    '--chain',
    demoSolanaChainId,
    '--max-transactions-per-user-per-day',
    '25',
    // Without a cap a priority fee could spend the fee payer's funds.
    '--max-lamports',
    '50000',
    // A devnet budget: 0.1 SOL of fees per UTC day.
    '--budget',
    '100000000',
    '--budget-period',
    'day',
    '--audience',
    'signed-in',
    ...store,
  ])
  return created.policyId
}
