import type { AccountData } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AccountData } from '@sigil/signer'

/**
 * What the server holds about the signed-in user, as JSON (docs/protocol.md, "Deleting an account"):
 * personal data, sign-in identities, credentials' public parts, wallets and addresses, activity log.
 *
 * @example
 * const data = await exportAccountData(config)
 */
export function exportAccountData(config: SigilConfig): Promise<AccountData> {
  return requireSigner(config).exportAccountData()
}
