import type { Selectable } from 'kysely'
import type { SponsorPolicyTable } from '../../store/sponsorSchema.js'
import type { SponsorPolicy } from '../SponsorPolicy.js'
import { toSponsorPolicy } from '../toSponsorPolicy.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'
import { toSolanaSponsorPolicy } from './toSolanaSponsorPolicy.js'

/**
 * Stored policy row → a gas policy (kind `'evm'`) or a Solana fee payer policy (kind `'solana'`).
 *
 * @example
 * const policies = rows.map(toAnySponsorPolicy)
 */
export function toAnySponsorPolicy(row: Selectable<SponsorPolicyTable>): SponsorPolicy | SolanaSponsorPolicy {
  return row.kind === 'solana' ? toSolanaSponsorPolicy(row) : toSponsorPolicy(row)
}
