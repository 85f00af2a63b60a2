import { type RunServerCliParameters, runServerCli } from './runServerCli.js'

export type EnsureDemoPolicyParameters = RunServerCliParameters & {
  dataDir: string
  appId: string
  chainId: number
}

type PolicyJson = {
  policyId: string
  name: string | null
  chainIds: number[] | null
  budgetWei?: string | null
  budgetPerUserWei?: string | null
  disabledAt: string | null
  audience?: string
}

/** The name of the policy `npm start` makes for the demo; a second start finds and reuses it. */
export const demoPolicyName = 'Demo sponsorship'

/**
 * The dev app's gas policy for the demo chain: the active 'Demo sponsorship' policy when the data dir
 * has one, else a new one (`sigil-server policy create`: the chain, a budget of 1 ETH of gas per day of
 * which one user may take 0.1 ETH, signed-in users only, the CLI's default `--max-gas`). Returns its id.
 *
 * @example
 * const policyId = await ensureDemoPolicy({ repositoryRoot, dataDir, appId, chainId: 31337 })
 */
export async function ensureDemoPolicy(parameters: EnsureDemoPolicyParameters): Promise<string> {
  const { dataDir, appId, chainId } = parameters
  const store = ['--data-dir', dataDir]
  const policies = await runServerCli<PolicyJson[]>(parameters, ['policy', 'list', '--app', appId, ...store])
  const existing = policies.find(
    (policy) =>
      policy.name === demoPolicyName &&
      policy.disabledAt === null &&
      // A policy of an older Sigil without a budget, or a per-user budget, is replaced by one with.
      Boolean(policy.budgetWei) &&
      Boolean(policy.budgetPerUserWei) &&
      policy.audience === 'signed-in' &&
      (policy.chainIds ?? []).includes(chainId),
  )
  if (existing) return existing.policyId
  const created = await runServerCli<PolicyJson>(parameters, [
    'policy',
    'create',
    '--app',
    appId,
    '--name',
    demoPolicyName,
    '--chain',
    String(chainId),
    // A devnet budget: 1 ETH of gas per UTC day.
    '--budget',
    '1000000000000000000',
    '--budget-period',
    'day',
    // No one signed-in user takes more than a tenth of it (a free sign-up is all it takes to be one).
    '--budget-per-user',
    '100000000000000000',
    '--audience',
    'signed-in',
    ...store,
  ])
  return created.policyId
}
